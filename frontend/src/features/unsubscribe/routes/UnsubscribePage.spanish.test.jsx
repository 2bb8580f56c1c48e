// First: the page's messages said at import time take the language spoken when it is imported.
import "../../../testing/inSpanish";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { respond, stubApi } from "../../../testing/api";
import { renderRoutes } from "../../../testing/renderWithProviders";
import { UnsubscribePage } from "./UnsubscribePage";

const TOKEN = "a1b2c3";
const link = { address: "an•••@camp.test", announcements: true };

function renderPage() {
  const rendered = renderRoutes([{ path: "/unsubscribe/:token", element: <UnsubscribePage /> }], {
    route: `/unsubscribe/${TOKEN}`,
  });
  return { ...rendered, user: userEvent.setup() };
}

test("a Spanish reader stops announcements in Spanish", async () => {
  stubApi({
    [`GET /unsubscribe/${TOKEN}`]: link,
    [`POST /unsubscribe/${TOKEN}`]: { ...link, announcements: false },
  });
  const { user } = renderPage();

  expect(
    await screen.findByText(`Los anuncios a ${link.address} están activados.`),
  ).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Dejar de recibir anuncios");
  expect(document.title).toMatch(/^Cancelar suscripción/);
  expect(screen.queryByText(/Announcements/)).not.toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Dejar de recibir anuncios" }));

  expect(await screen.findByRole("status")).toHaveTextContent(
    `Listo: no se enviarán más anuncios a ${link.address}. Los correos sobre sus inscripciones se siguen enviando.`,
  );
  expect(screen.getByRole("link", { name: "Mi perfil" })).toBeInTheDocument();
  expect(screen.getByText(/¿Cambió de opinión\? Vuelva a activar los anuncios en/)).toBeVisible();
  expect(screen.queryByText(/Changed your mind/)).not.toBeInTheDocument();
});

test("an unknown link is said in Spanish", async () => {
  stubApi({ [`GET /unsubscribe/${TOKEN}`]: respond(404, { message: "Not found." }) });
  renderPage();

  expect(
    await screen.findByText("No reconocemos este enlace. Puede ser de un mensaje antiguo."),
  ).toBeInTheDocument();
  expect(screen.queryByText(/This link is not known/)).not.toBeInTheDocument();
});
