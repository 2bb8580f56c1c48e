// First: the labels said as modules load (the class's facts) are then Spanish too.
import "../../../testing/inSpanish";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { stubApi } from "../../../testing/api";
import { makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyClassesPage } from "./MyClassesPage";

const mine = { instructorName: "Sam Instructor", instructorEmail: "instructor@camp.test" };
const clay = makeClass({ ...mine, nameClass: "Clay Creatures", status: "Approved", feedback: "" });
const ink = makeClass({
  ...mine,
  nameClass: "Ink Landscapes",
  status: "Denied",
  feedback: "Please add a materials list.",
});
const myClassesPath = "/myClasses/instructor%40camp.test";

function renderPage() {
  const auth = signedIn("instructor");
  renderRoutes([{ path: "/dashboard/my-classes", element: <MyClassesPage /> }], {
    route: "/dashboard/my-classes",
    auth,
  });
  return { auth, user: userEvent.setup() };
}

function card(name) {
  return within(screen.getByRole("article", { name }));
}

test("an instructor reads their classes in Spanish, and withdraws one in Spanish", async () => {
  stubApi({
    [myClassesPath]: [clay, ink],
    [`/classes/${ink._id}/withdraw`]: { modifiedCount: 1 },
  });
  const { auth, user } = renderPage();

  expect(await screen.findByRole("heading", { level: 1, name: "Mis clases" })).toBeInTheDocument();
  expect(document.title).toBe("Mis clases | Camp");
  await screen.findByRole("article", { name: "Clay Creatures" });
  const approved = card("Clay Creatures");
  expect(approved.getByRole("link", { name: "Actualizar" })).toBeInTheDocument();
  expect(approved.getByRole("link", { name: "Lista de clase" })).toBeInTheDocument();
  expect(approved.getByRole("link", { name: "Escribir a las familias" })).toBeInTheDocument();
  const denied = card("Ink Landscapes");
  expect(denied.getByText("Comentarios: Please add a materials list.")).toBeVisible();

  await user.click(denied.getByRole("button", { name: "Retirar" }));
  const dialog = within(screen.getByRole("dialog", { name: "¿Retirar Ink Landscapes?" }));
  expect(dialog.getByText(/Esto no se puede deshacer/)).toBeInTheDocument();
  await user.click(dialog.getByRole("button", { name: "Retirar" }));

  expect(auth.notify).toHaveBeenCalledWith("Se retiró Ink Landscapes");
  expect(
    screen.queryByText(/My Classes|Update|Roster|Message families|Withdraw|Feedback:/),
  ).not.toBeInTheDocument();
});

test("without classes the page points to Add a Class, in Spanish", async () => {
  stubApi({ [myClassesPath]: [] });
  renderPage();

  expect(await screen.findByText(/Todavía no ha agregado ninguna clase\./)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Agregar una clase" })).toHaveAttribute(
    "href",
    "/dashboard/add-class",
  );
  expect(screen.queryByText(/You have not added a class yet/)).not.toBeInTheDocument();
});
