// First: the form's checks and whom a message goes to are said as modules load.
import "../../../testing/inSpanish";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { makeClass, makeClassMessage } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { ClassMessagesPage } from "./ClassMessagesPage";

const watercolor = makeClass({ _id: 3, nameClass: "Watercolor Basics" });
const messages = "/classes/3/messages";

const earlier = makeClassMessage({
  id: 41,
  subject: "Welcome to Watercolor Basics",
  audience: "both",
  announcement: true,
  senderName: "",
  recipients: 5,
});

function renderPage(answers = {}) {
  stubApi({ "/classes/3": watercolor, [messages]: [earlier], ...answers });
  renderRoutes([{ path: "/dashboard/my-classes/:id/messages", element: <ClassMessagesPage /> }], {
    route: "/dashboard/my-classes/3/messages",
    auth: signedIn("instructor"),
  });
  return userEvent.setup();
}

test("writing to the families speaks Spanish: the page, the past messages and the checks", async () => {
  const user = renderPage();

  expect(
    await screen.findByRole("heading", {
      level: 1,
      name: "Escribir a las familias: Watercolor Basics",
    }),
  ).toBeInTheDocument();
  expect(screen.getByText(/Las respuestas van a la oficina de la escuela\./)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Ver la lista de clase" })).toBeInTheDocument();
  const past = within(screen.getByRole("region", { name: "Mensajes anteriores" }));
  const message = within(await past.findByRole("article", { name: /Welcome/ }));
  expect(message.getByText("Anuncio")).toBeInTheDocument();
  expect(message.getByText("Familias inscritas y en lista de espera")).toBeInTheDocument();
  expect(message.getByText("5 familias")).toBeInTheDocument();
  expect(message.getByText("Alguien que ya no está en la escuela")).toBeInTheDocument();
  expect(screen.getByRole("radio", { name: "Familias inscritas" })).toBeChecked();
  expect(screen.getByRole("textbox", { name: "Mensaje" })).toHaveAccessibleDescription(
    "0 de 5000 caracteres.",
  );

  await user.click(screen.getByRole("button", { name: "Enviar" }));

  await waitFor(() =>
    expect(screen.getByRole("textbox", { name: "Asunto" })).toHaveAccessibleDescription(
      "Escriba un asunto.",
    ),
  );
  expect(
    screen.queryByText(/Past messages|Announcement|families|Send to|Please write/),
  ).not.toBeInTheDocument();
});

test("a sent message says in Spanish how many families it reached", async () => {
  const user = renderPage({ [`POST ${messages}`]: respond(201, { id: 42, recipients: 1 }) });
  await screen.findByRole("article", { name: /Welcome/ });

  await user.type(screen.getByRole("textbox", { name: "Asunto" }), "Kiln day");
  await user.type(screen.getByRole("textbox", { name: "Mensaje" }), "Bring old clothes.");
  await user.click(screen.getByRole("button", { name: "Enviar" }));

  expect(await screen.findByText("Enviado a 1 familia.")).toBeInTheDocument();
  expect(screen.queryByText(/Sent to/)).not.toBeInTheDocument();
});
