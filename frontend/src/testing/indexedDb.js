/*
 * IndexedDB for tests of the screens that keep work on the device (attendance): fake-indexeddb,
 * an in-memory implementation of the browser's API. Import this module before the code under
 * test; each test starts with an empty set of databases (freshIndexedDb in a beforeEach).
 */
const v8 = require("node:v8");

// jsdom leaves out structuredClone, which IndexedDB uses to store a value as the browser does.
globalThis.structuredClone ??= (value) => v8.deserialize(v8.serialize(value));
require("fake-indexeddb/auto");
const { IDBFactory } = require("fake-indexeddb");

export function freshIndexedDb() {
  globalThis.indexedDB = new IDBFactory();
}
