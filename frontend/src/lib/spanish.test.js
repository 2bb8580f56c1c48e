import { speakEnglish } from "../testing/spanish";

afterEach(speakEnglish);

// The library's sentences, loaded afresh after the switch: its labels are said as it loads.
function loadInSpanish() {
  let loaded;
  jest.isolateModules(() => {
    require("../testing/spanish").speakSpanish();
    loaded = { ...require("./api"), ...require("./fieldLabels") };
  });
  return loaded;
}

test("a refused request names its fields in Spanish", () => {
  const { ApiError, fieldsSentence, fieldLabel } = loadInSpanish();
  expect(fieldsSentence(["promoCode", "applyCredit"])).toBe(
    "Revise: Código promocional y Crédito de la cuenta.",
  );
  expect(fieldsSentence(["noSuchField"])).toBe("Revise lo que ingresó.");
  expect(fieldLabel("emergencyContacts.1.phone")).toBe("Contacto de emergencia 2, teléfono");
  const refused = new ApiError(400, {
    message: "Please check these fields: promoCode.",
    errors: { promoCode: ["Unknown code."] },
  });
  expect(refused.message).toBe("Revise: Código promocional.");
  expect(new ApiError(503, null).message).toBe(
    "El sitio está muy ocupado en este momento. Vuelva a intentarlo en un momento.",
  );
  expect(new ApiError(500, null).message).not.toMatch(/Something went wrong/);
});
