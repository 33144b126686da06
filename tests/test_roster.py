"""Rosters as learning management systems export them: any id header they use, commas, semicolons or tabs, a BOM."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given, strategies as st

from abteach.grading.variants import ID_HEADERS, roster

IDS = st.from_regex(r"\A[A-Za-z0-9][A-Za-z0-9_.@-]{0,11}\Z")
# Any text a name may hold, delimiters and quotes included; no line breaks, no surrounding spaces.
NAMES = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=20).map(
    str.strip).filter(bool)


def spelled(header: str, draw) -> str:
    """``header`` as some system might spell it: any case, words joined by a space, ``_`` or nothing."""
    joiner = draw(st.sampled_from([" ", "_"] if " " in header else [""]))
    cased = "".join(c.upper() if draw(st.booleans()) else c for c in header.replace(" ", joiner))
    return cased


@st.composite
def exports(draw):
    """A roster file's bytes, and the (id, name) pairs it lists."""
    students = draw(st.lists(st.tuples(IDS, NAMES), min_size=1, max_size=6, unique_by=lambda s: s[0]))
    id_header = spelled(draw(st.sampled_from(ID_HEADERS)), draw)
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    extra = draw(st.sampled_from([[], ["Section"], ["Section", "Email address"]]))
    header = [id_header, "Name", *extra]
    order = draw(st.permutations(range(len(header))))
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator=draw(st.sampled_from(["\n", "\r\n"])))
    writer.writerow([header[i] for i in order])
    for sid, name in students:
        row = [sid, name, *("x" for _ in extra)]
        writer.writerow([row[i] for i in order])
    bom = "\ufeff" if draw(st.booleans()) else ""
    return (bom + buf.getvalue()).encode("utf-8"), students


@given(export=exports())
def test_an_export_reads_back_as_the_students_it_lists(tmp_path_factory, export):
    data, students = export
    path = tmp_path_factory.mktemp("roster") / "export.csv"
    path.write_bytes(data)
    assert roster(path) == students


@pytest.mark.parametrize("text, want", [
    # Canvas's gradebook: a "Points Possible" row under the header, ids in "ID" and "SIS User ID".
    ("Student,ID,SIS User ID,SIS Login ID,Section\n    Points Possible,,,,\n\"Lovelace, Ada\",101,ada,ada,S1\n",
     [("101", "Lovelace, Ada")]),
    # Canvas again, with its Student View's pretend student, who is no one in the class.
    ("Student,ID,SIS User ID\n    Points Possible,,\n\"Student, Test\",999,\n\"Lovelace, Ada\",101,ada\n",
     [("101", "Lovelace, Ada")]),
    # Blackboard: names in two columns, the id in "Student ID" (preferred over "Username").
    ("Last Name,First Name,Username,Student ID\nLovelace,Ada,alovelace,s1815\n", [("s1815", "Ada Lovelace")]),
    # Moodle, saved by a spreadsheet in a locale that separates with semicolons.
    ("First name;Surname;ID number;Email address\nAda;Lovelace;ada1815;ada@example.org\n",
     [("ada1815", "Ada Lovelace")]),
    # nbgrader's own columns.
    ("id,first_name,last_name\nada,Ada,Lovelace\n", [("ada", "Ada Lovelace")]),
    ("student_id\tname\nada\tAda\n", [("ada", "Ada")]),
])
def test_common_exports_as_they_come(tmp_path, text, want):
    path = tmp_path / "export.csv"
    path.write_text(text, encoding="utf-8")
    assert roster(path) == want


def test_a_spreadsheets_unicode_text_works(tmp_path):
    path = tmp_path / "export.txt"
    path.write_bytes("Student ID\tName\nada\tAda Lovelace\n".encode("utf-16"))  # with its byte-order mark
    assert roster(path) == [("ada", "Ada Lovelace")]


def test_no_id_column_is_refused_naming_the_file_and_its_header(tmp_path):
    path = tmp_path / "export.csv"
    path.write_text("Name;Email\nAda;ada@example.org\n", encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape("export.csv") + ".*needs an 'id' column.*"
                       + re.escape("['Name', 'Email']")):
        roster(path)


def test_text_that_is_not_utf8_is_refused_by_name(tmp_path):
    path = tmp_path / "export.csv"
    path.write_bytes("id,name\nada,Zoë\n".encode("latin-1"))
    with pytest.raises(ValueError, match=r"export\.csv.*not UTF-8"):
        roster(path)


def test_an_id_missing_in_a_row_is_refused_by_its_line(tmp_path):
    path = tmp_path / "export.csv"
    path.write_text("Student ID,Name\nada,Ada\n\n,Alan\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 4: id ''"):
        roster(path)
