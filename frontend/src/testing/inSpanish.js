/*
 * Imported first by a test file that reads a part of the app in Spanish: the messages the app's
 * modules say when imported (lists of labels, a button's words) are then Spanish too, including
 * those of the modules the test helpers import and those loaded later by React.lazy.
 */
import { speakSpanish } from "./spanish";

speakSpanish();
