import { useMemo, useState } from "react";

import { useEnrolledClassesOrNone } from "../../../api/enrolledClasses";
import { useSelectClass, useSelections } from "../../../api/selections";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { heldClasses } from "../components/selectRules";

/*
 * Selecting classes as a student, for any page that offers Select: the classes the student
 * already holds (selected or enrolled, with their meetings, for the clash check), whether Select
 * must wait, and `select(classItem)`, which announces success or keeps the server's refusal in
 * `failure`. `knownClasses` are the classes the page has loaded; a selection without meetings
 * takes them from there.
 */
export function useClassSelection(knownClasses) {
  const { user, role } = useAuth();
  const notify = useNotify();
  // Only students select; nobody else's selections or enrolments are asked for.
  const studentEmail = user && role === "student" ? user.email : null;
  const selections = useSelections(studentEmail);
  const { enrolled, isLoading: enrolledLoading } = useEnrolledClassesOrNone(studentEmail);
  const selectClass = useSelectClass(studentEmail);
  const [selecting, setSelecting] = useState(null);
  // Selected on this visit: held at once, without waiting for the refreshed list.
  const [justSelected, setJustSelected] = useState([]);
  const [failure, setFailure] = useState("");

  const held = useMemo(
    () => heldClasses({ selections: selections.data, enrolled, justSelected, knownClasses }),
    [selections.data, enrolled, justSelected, knownClasses],
  );

  // Until the student's own lists are known, a Select could only earn a refusal. A list that
  // failed to load does not block: the server still refuses a duplicate or a clash.
  const listsLoading = Boolean(studentEmail) && (selections.isLoading || enrolledLoading);

  async function select(classItem) {
    setSelecting(classItem._id);
    setFailure("");
    try {
      await selectClass(classItem);
      setJustSelected((previous) => [...previous, classItem]);
      notify(`${classItem.nameClass} is Selected Successfully`);
    } catch (selectError) {
      setFailure(selectError.message);
    } finally {
      setSelecting(null);
    }
  }

  return {
    held,
    waiting: listsLoading || selecting !== null,
    select,
    failure,
    dismissFailure: () => setFailure(""),
  };
}
