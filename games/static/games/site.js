// Small page behaviours, kept out of the templates: the Content-Security-Policy allows no inline script.
"use strict";

// Clicking the invite link selects it, ready to copy.
document.addEventListener("click", (event) => {
  if (event.target.matches("input.copy")) event.target.select();
  const back = event.target.closest("a[data-back]");
  if (back && window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
});

// A form marked data-reset-after-send (the chat) is emptied once htmx has sent it successfully.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt;
  if (event.detail.successful && form.matches && form.matches("form[data-reset-after-send]")) form.reset();
});
