import { screen } from "@testing-library/react";

import { renderRoutes } from "../testing/renderWithProviders";
import { speakEnglish, speakSpanish } from "../testing/spanish";
import { ErrorPage } from "./ErrorPage";

afterEach(speakEnglish);

test("an unknown address says so in Spanish, its title too", async () => {
  speakSpanish();
  renderRoutes([{ path: "*", element: <ErrorPage /> }], { route: "/no-such-page" });

  expect(screen.getByRole("heading", { level: 1, name: "No encontrada" })).toBeInTheDocument();
  expect(screen.getByText("No se pudo mostrar la página que buscaba.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Volver a la página de inicio" })).toBeInTheDocument();
  expect(document.title).toMatch(/^Página no encontrada \| /);
  expect(screen.queryByText("Back to the Homepage")).toBeNull();
  expect(screen.queryByRole("heading", { name: "Not Found" })).toBeNull();
});
