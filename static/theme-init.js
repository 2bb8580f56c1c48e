(function () {
  var theme = "light";
  try {
    var stored = window.localStorage.getItem("theme");
    if (stored === "dark" || stored === "light") theme = stored;
  } catch (e) {
    // Storage can be blocked; the default theme still applies.
  }
  document.documentElement.setAttribute("data-bs-theme", theme);
})();
