// Web Push on this browser (notifications.push): a button marked data-push-subscribe asks the browser for a
// push subscription under the site's VAPID key and stores it with POST /api/push-subscriptions/, then the
// page reloads to list it. Kept in a file: the Content-Security-Policy allows no inline script.
"use strict";

(() => {
  const button = document.querySelector("[data-push-subscribe]");
  if (!button) return;
  const status = document.querySelector("[data-push-status]");
  const say = (text) => {
    if (status) status.textContent = text;
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say(button.dataset.unsupported);
    return;
  }
  button.hidden = false;

  // The VAPID public key is base64url text; the browser wants its bytes.
  const bytes = (base64url) => {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  };
  const csrf = () => {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  };

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if ((await Notification.requestPermission()) !== "granted") throw new Error(button.dataset.denied);
      const registration = await navigator.serviceWorker.register("/service-worker.js");
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytes(button.dataset.key),
      });
      const response = await fetch(button.dataset.api, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify(subscription.toJSON()),
      });
      if (!response.ok) throw new Error(button.dataset.failed);
      window.location.reload();
    } catch (error) {
      say(error && error.message ? error.message : button.dataset.failed);
      button.disabled = false;
    }
  });
})();
