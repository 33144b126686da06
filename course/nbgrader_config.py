# nbgrader's settings for the abteach course.  No absolute path: copy the folder anywhere and run nbgrader
# there, or pass --CourseDirectory.root=<folder>; the gradebook is <root>/gradebook.db (sqlite).
from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor
from nbgrader.preprocessors import ClearHiddenTests, GetGrades

c = get_config()  # noqa: F821 - nbgrader defines it when it reads this file

c.CourseDirectory.course_id = "abteach"
c.CourseDirectory.db_assignments = [{"name": "by-hand"}, {"name": "write-the-search"}, {"name": "fourth-edition"}]
# A looping submission is stopped inside the grader (check_alphabeta's own time limit); this is the backstop.
c.ExecutePreprocessor.timeout = 120
# Feedback would show the hidden tests' source: take the hidden regions out before writing it.
c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, CSSHTMLHeaderPreprocessor]
c.ClearHiddenTests.enforce_metadata = True
