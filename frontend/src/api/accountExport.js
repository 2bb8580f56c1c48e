import { fetchFile } from "../lib/api";

/*
 * GET /account/export: a copy of everything the school keeps about the signed-in family (the
 * account, its participants, selections, enrolments and payments), as a JSON file.
 */

export const accountExportPath = "/account/export";

// The name the server gives the file, should its Content-Disposition not say.
export const ACCOUNT_EXPORT_FILENAME = "camp-my-data.json";

// Asked once per press, never cached: the copy is of the data as it is at that moment.
export async function exportAccountData() {
  const { blob, filename } = await fetchFile(accountExportPath, { accept: "application/json" });
  return { blob, filename: filename || ACCOUNT_EXPORT_FILENAME };
}
