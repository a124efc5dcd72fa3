"use strict";
(function () {
  // SHA-256 (FIPS 180-4), for a page outside a secure context (plain http on a school's intranet),
  // where the browser leaves out crypto.subtle. The constants: the first 32 bits of the fractional
  // parts of the cube roots of the first 64 primes, and of the square roots of the first 8.
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);
  const H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
    0x5be0cd19];
  function rotate(x, n) { return (x >>> n) | (x << (32 - n)); }
  function sha256(bytes) {
    // The message, a 1 bit, zeros, and its length in bits, to whole 64-byte blocks.
    const padded = new Uint8Array(((bytes.length + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[bytes.length] = 0x80;
    const view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
    view.setUint32(padded.length - 4, (bytes.length << 3) >>> 0);
    const h = Uint32Array.from(H);
    const w = new Uint32Array(64);
    for (let at = 0; at < padded.length; at += 64) {
      for (let i = 0; i < 16; i++) { w[i] = view.getUint32(at + 4 * i); }
      for (let i = 16; i < 64; i++) {
        const x = w[i - 15], y = w[i - 2];
        w[i] = w[i - 16] + (rotate(x, 7) ^ rotate(x, 18) ^ (x >>> 3)) + w[i - 7]
          + (rotate(y, 17) ^ rotate(y, 19) ^ (y >>> 10));
      }
      let [a, b, c, d, e, f, g, k] = h;
      for (let i = 0; i < 64; i++) {
        const t1 = (k + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g))
          + K[i] + w[i]) >>> 0;
        const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c)))
          >>> 0;
        k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      [a, b, c, d, e, f, g, k].forEach(function (value, i) { h[i] += value; });
    }
    const digest = new Uint8Array(32);
    const out = new DataView(digest.buffer);
    h.forEach(function (value, i) { out.setUint32(4 * i, value); });
    return digest;
  }
  async function sha(text) {
    const bytes = new TextEncoder().encode(text);
    const subtle = window.crypto && window.crypto.subtle;
    return subtle ? new Uint8Array(await subtle.digest("SHA-256", bytes)) : sha256(bytes);
  }
  // Which digest the page uses, for a test to see.
  document.documentElement.dataset.digest =
    window.crypto && window.crypto.subtle ? "subtle" : "script";
  function hex(bytes) {
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }
  async function decode(salt, encoded, purpose) {
    const data = Uint8Array.from(atob(encoded), function (c) { return c.charCodeAt(0); });
    for (let start = 0; start < data.length; start += 32) {
      const block = await sha(salt + ":" + purpose + ":" + start / 32);
      for (let i = 0; i < 32 && start + i < data.length; i++) { data[start + i] ^= block[i]; }
    }
    return new TextDecoder().decode(data);
  }
  // A number as a student types it: "77", "77.5", "77,5" or "1 234,5".
  function number(text) {
    let cleaned = text.trim().replace(/[\s\u00a0\u202f']/g, "");
    if (/^[+-]?\d*,\d+$/.test(cleaned)) { cleaned = cleaned.replace(",", "."); }
    cleaned = cleaned.replace(/,/g, "");
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? parseFloat(cleaned) : NaN;
  }
  // "Right: it mostly rises.": the choice after the template's {1}, its first letter lowered
  // where the language does so and the first word is no name in capitals ("USA").
  function rightText(fieldset, choice) {
    let text = choice.trim();
    const first = text.split(/\s/)[0];
    const upper = function (c) { return c !== c.toLowerCase() && c === c.toUpperCase(); };
    const lower = function (c) { return c !== c.toUpperCase() && c === c.toLowerCase(); };
    if (fieldset.dataset.lower === "true" && first.length > 0 && upper(first[0])
      && (first.length === 1 || lower(first[1]))) {
      text = text[0].toLowerCase() + text.slice(1);
    }
    return fieldset.dataset.right.replace("{1}", text);
  }
  document.querySelectorAll("fieldset[data-salt]").forEach(function (fieldset) {
    const button = fieldset.querySelector("button.check");
    const said = fieldset.querySelector(".feedback");
    button.addEventListener("click", async function () {
      const salt = fieldset.dataset.salt;
      let right;
      let given;
      if (fieldset.dataset.number) {
        const field = fieldset.querySelector("input[type=text]");
        const value = number(field.value);
        if (isNaN(value)) { said.textContent = fieldset.dataset.choose; return; }
        const key = (await decode(salt, fieldset.dataset.number, "number")).split(":");
        right = Math.abs(value - parseFloat(key[0])) <= parseFloat(key[1]) * (1 + 1e-9);
        given = field.value;
      } else {
        const chosen = fieldset.querySelector("input:checked");
        if (!chosen) { said.textContent = fieldset.dataset.choose; return; }
        right = hex(await sha(salt + ":" + chosen.value)) === fieldset.dataset.answer;
        given = fieldset.querySelector("label[for='" + chosen.id + "']").textContent;
      }
      const facts = await decode(salt, fieldset.dataset.feedback, "explain");
      said.textContent = (right ? rightText(fieldset, given) : fieldset.dataset.wrong) + " "
        + facts;
    });
  });
})();
