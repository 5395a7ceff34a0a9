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

// A poll from a tab the player is not looking at says so: only a visible page counts as watching the match,
// which holds back their turn mail and push (notifications/presence.py).
document.addEventListener("htmx:configRequest", (event) => {
  if (document.hidden) event.detail.headers["X-Page-Hidden"] = "1";
});

// The phone header's menu: the button opens and closes the links that do not fit in the bar; Escape or a
// click elsewhere closes it. The header is marked only when this script runs (without it the bar wraps).
(() => {
  const header = document.querySelector("header.site");
  const toggle = header && header.querySelector(".menu-toggle");
  if (!toggle) return;
  const menu = document.getElementById(toggle.getAttribute("aria-controls"));
  header.classList.add("has-menu");
  const show = (open) => {
    menu.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => show(!menu.classList.contains("open")));
  document.addEventListener("click", (event) => {
    if (!header.contains(event.target)) show(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.classList.contains("open")) {
      show(false);
      toggle.focus();
    }
  });
})();

// The site installs as an app (games.views.installable): its service worker caches the static files only.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/service-worker.js").catch(() => {}); // no worker: the site works as before
}
