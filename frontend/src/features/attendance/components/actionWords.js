import { jt } from "ttag";

/*
 * The words of a child's attendance actions, each said whole with `hiddenName` after it: the
 * child's name for a screen reader on the roster's buttons ("Check in" + " Mia Lopez"), nothing
 * where a dialog or a badge already says whose it is. Said with it, "Check out" is the door's,
 * never the shop's checkout, and "Absent" is one child, not a column of them.
 */
export const checkInWords = (hiddenName = null) => jt`Check in${hiddenName}`;
export const absentWords = (hiddenName = null) => jt`Absent${hiddenName}`;
export const checkOutWords = (hiddenName = null) => jt`Check out${hiddenName}`;
export const undoWords = (hiddenName = null) => jt`Undo${hiddenName}`;
export const handOverWords = (name, hiddenName = null) => jt`Hand over to ${name}${hiddenName}`;
