"use strict";
(function () {
  async function sha(text) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  }
  function hex(bytes) {
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }
  async function decode(salt, encoded) {
    const data = Uint8Array.from(atob(encoded), function (c) { return c.charCodeAt(0); });
    for (let start = 0; start < data.length; start += 32) {
      const block = await sha(salt + ":explain:" + start / 32);
      for (let i = 0; i < 32 && start + i < data.length; i++) { data[start + i] ^= block[i]; }
    }
    return new TextDecoder().decode(data);
  }
  document.querySelectorAll("fieldset[data-salt]").forEach(function (fieldset) {
    const button = fieldset.querySelector("button.check");
    const said = fieldset.querySelector(".feedback");
    button.addEventListener("click", async function () {
      const chosen = fieldset.querySelector("input:checked");
      if (!chosen) { said.textContent = fieldset.dataset.choose; return; }
      const salt = fieldset.dataset.salt;
      const right = hex(await sha(salt + ":" + chosen.value)) === fieldset.dataset.answer;
      const facts = await decode(salt, fieldset.dataset.feedback);
      said.textContent = (right ? fieldset.dataset.right : fieldset.dataset.wrong) + " " + facts;
    });
  });
})();
