import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { watchDownloads } from "../testing/downloads";
import { useFileDownload } from "./useFileDownload";

// A file whose each answer the test gives when it chooses, and how often it was asked for.
function pendingFile() {
  const file = { asked: 0 };
  file.fetch = () => {
    file.asked += 1;
    return new Promise((resolve, reject) => {
      file.resolve = resolve;
      file.reject = reject;
    });
  };
  return file;
}

// Two buttons on one hook, as a page with a file per person has them.
function Downloads({ files }) {
  const { downloading, failure, dismissFailure, download } = useFileDownload();
  return (
    <>
      <p role="status">{downloading === false ? "Idle" : `Downloading ${downloading}`}</p>
      {Object.entries(files).map(([name, file]) => (
        <button key={name} type="button" onClick={() => download(file.fetch, name)}>
          {name}
        </button>
      ))}
      <button type="button" onClick={() => download(files.mia.fetch)}>
        Unnamed
      </button>
      {failure && (
        <p role="alert">
          {failure}
          <button type="button" onClick={dismissFailure}>
            Dismiss
          </button>
        </p>
      )}
    </>
  );
}

const clicked = watchDownloads({ objectUrl: "blob:camp/file" });

test("the file is saved under its name, and says which is on its way until then", async () => {
  const mia = pendingFile();
  const user = userEvent.setup();
  render(<Downloads files={{ mia }} />);
  expect(screen.getByRole("status")).toHaveTextContent("Idle");

  await user.click(screen.getByRole("button", { name: "mia" }));

  expect(screen.getByRole("status")).toHaveTextContent("Downloading mia");
  expect(clicked).toEqual([]);
  const blob = new Blob(["a,b\r\n"], { type: "text/csv" });
  mia.resolve({ blob, filename: "roster-3.csv" });
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Idle"));
  expect(clicked).toEqual([{ href: "blob:camp/file", download: "roster-3.csv" }]);
  expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
});

test("without saying what, the file on its way is just true", async () => {
  const mia = pendingFile();
  const user = userEvent.setup();
  render(<Downloads files={{ mia }} />);

  await user.click(screen.getByRole("button", { name: "Unnamed" }));

  expect(screen.getByRole("status")).toHaveTextContent("Downloading true");
  mia.resolve({ blob: new Blob(["x"]), filename: "x.csv" });
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Idle"));
});

test("a press while a file is on its way asks for nothing more", async () => {
  const mia = pendingFile();
  const sam = pendingFile();
  const user = userEvent.setup();
  render(<Downloads files={{ mia, sam }} />);

  await user.click(screen.getByRole("button", { name: "mia" }));
  await user.click(screen.getByRole("button", { name: "sam" }));
  await user.click(screen.getByRole("button", { name: "mia" }));

  expect(mia.asked).toBe(1);
  expect(sam.asked).toBe(0);
  expect(screen.getByRole("status")).toHaveTextContent("Downloading mia");
  mia.resolve({ blob: new Blob(["x"]), filename: "mia.pdf" });
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Idle"));

  await user.click(screen.getByRole("button", { name: "sam" }));

  expect(sam.asked).toBe(1);
});

test("a failure is shown, nothing is saved, and it goes when dismissed or tried again", async () => {
  const mia = pendingFile();
  const user = userEvent.setup();
  render(<Downloads files={{ mia }} />);

  await user.click(screen.getByRole("button", { name: "mia" }));
  mia.reject(new Error("Only the class's instructor can read its roster."));

  expect(await screen.findByRole("alert")).toHaveTextContent(
    "Only the class's instructor can read its roster.",
  );
  expect(screen.getByRole("status")).toHaveTextContent("Idle");
  expect(clicked).toEqual([]);
  expect(URL.createObjectURL).not.toHaveBeenCalled();

  await user.click(screen.getByRole("button", { name: "Dismiss" }));
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "mia" }));
  mia.reject(new Error("The server did not answer."));
  expect(await screen.findByRole("alert")).toHaveTextContent("The server did not answer.");

  await user.click(screen.getByRole("button", { name: "mia" }));

  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(screen.getByRole("status")).toHaveTextContent("Downloading mia");
  mia.resolve({ blob: new Blob(["x"]), filename: "mia.pdf" });
  await waitFor(() => expect(clicked).toHaveLength(1));
});
