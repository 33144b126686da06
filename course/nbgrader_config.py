# nbgrader's settings for the abteach course.  No absolute path: copy the folder anywhere and run nbgrader
# there, or pass --CourseDirectory.root=<folder>; the gradebook is <root>/gradebook.db (sqlite).
import os

from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor
from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, ClearHiddenTests, ClearOutput,
                                    DeduplicateIds, GetGrades, IgnorePattern, LimitOutput, OverwriteKernelspec,
                                    SaveAutoGrades)

from abteach.cli import ShowSearchSteps, TakeSearchSteps
from abteach.grading.autograde import (FEEDBACK_TEMPLATE, GradeFromSource, HoldOutTests, WrapFeedback,
                                       feedback_template_dirs)
from abteach.grading.exchange import OwnedCollect
from abteach.grading.inert import InertStudentContent
from abteach.grading.intake import RestoreCellRoles, screen_submission
from abteach.grading.kernelbox import SandboxedExecute

c = get_config()  # noqa: F821 - nbgrader defines it when it reads this file

c.CourseDirectory.course_id = "abteach"
# On the hub every student may create a folder in the exchange's inbound, and nbgrader reads whose it is from its
# name: a student could hand in as another, newest, and have that student's own work never collected.  Collect
# only what the student's own system user made (and log every other record as an error).
c.ExchangeFactory.collect = OwnedCollect
c.CourseDirectory.db_assignments = [{"name": name} for name in (
    "by-hand", "write-the-search", "fourth-edition",  # lectures 01-02
    "fig55-stages", "order-the-children", "table-flags", "ucb1-by-hand",  # lectures 03, 06, 07, 10
    "write-expectimax")]  # lecture 12
# The student's kernel must decide no mark: an answer cell can redefine anything in it (ab.grading.require,
# a module of the package, IPython's error display).  So the kernel runs the notebook with the tests held
# out, and the tests are graded here, in nbgrader's own process, from the notebook's text: the function's
# source in the sandbox, an answer from its literal.  nbgrader's default list, with the two added.
# The kernel itself runs the student's cells in a sandbox (SandboxedExecute, in place of nbgrader's Execute):
# as nobody, seeing only a copy of the student's own folder, with no network, and ending with every process
# a cell started.  So what a cell prints, and the feedback shows, is only what that copy holds.
# The pages the instructor grades on and the student reads run no script a student wrote (InertStudentContent):
# outputs keep plain text and PNG/JPEG images alone, and a student's markdown shows its HTML as text.
# A student may give a test cell another role (a solution, or a grade cell that is also a solution) to have
# their own code run in its place and its output read by whoever grades it: nbgrader's sanitizing restores a
# cell's source and points but not its role.  RestoreCellRoles restores the roles too; nbgrader's list otherwise.
c.Autograde.sanitize_preprocessors = [ClearOutput, DeduplicateIds, OverwriteKernelspec, RestoreCellRoles,
                                      CheckCellMetadata]
# A test cell handed in without its metadata, or under an id of the student's own, is missing from the notebook:
# it is added back where it was released (nbgrader's add_missing_cells) and run, so it scores 0 for a wrong answer
# instead of waiting for a person to grade it beside the student's cell that prints a forged pass.
c.RestoreCellRoles.add_missing_cells = True
c.Autograde.autograde_preprocessors = [HoldOutTests, SandboxedExecute, InertStudentContent, GradeFromSource,
                                       IgnorePattern, ClearMetadataPreprocessor, LimitOutput, SaveAutoGrades,
                                       AssignLatePenalties, CheckCellMetadata]
# A notebook nbgrader cannot read (another metadata version, a grade id twice, not JSON), a notebook that is a link
# or the instructor's source notebook fails its student alone: it is kept in rejected/ with its reason, and graded
# as the blank notebook released.  Every link (or other special file) in a submitted folder is moved to rejected/
# too, before nbgrader copies the folder (following links) into autograded/ and feedback/.
c.Autograde.pre_convert_hook = screen_submission
# "limits" where bubblewrap cannot run: the feedback then says the submission was not sandboxed.
c.GradeFromSource.isolation = "bwrap"
# The packages a submission may import besides the standard library, read-only in its sandbox (numpy: students
# write np.inf).  Comma-separated; list a package's own dependencies too; abteach and the course never.
os.environ["ABTEACH_SANDBOX_PACKAGES"] = "numpy"
# A looping submission is stopped inside the grader (check_alphabeta's own time limit); this is the backstop.
c.ExecutePreprocessor.timeout = 120
# Feedback would show the hidden tests' source: take the hidden regions out before writing it.
# Long feedback lines wrap at the page's edge rather than run off it.
# A search that fails on a shipped example is stepped through beside the correct search, call by call, from the
# call where they part: TakeSearchSteps takes the grader's record of its calls out of the test cell (from no other
# cell, recognised by its hidden test, so before ClearHiddenTests) and checks it before InertStudentContent;
# ShowSearchSteps draws it after, as a page that steps offline.
c.GenerateFeedback.preprocessors = [GetGrades, TakeSearchSteps, ClearHiddenTests, InertStudentContent,
                                    ShowSearchSteps, CSSHTMLHeaderPreprocessor, WrapFeedback]
c.ClearHiddenTests.enforce_metadata = True
# nbgrader's feedback page loads MathJax from a public CDN whatever HTMLExporter.mathjax_url says (its template
# calls the macro with no URL).  abteach's feedback template is nbgrader's with a macro that loads nothing, so a
# student's feedback opens offline and asks no other site for anything.
c.HTMLExporter.template_name = FEEDBACK_TEMPLATE
c.HTMLExporter.extra_template_basedirs = feedback_template_dirs()
