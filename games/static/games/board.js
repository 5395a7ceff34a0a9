/* Play on the board (ARCHITECTURE §2.1), a small layer over the match page's htmx forms.
 *
 * The choice buttons (and select options) carry data-target; the board picture marks every possible
 * target with the same data-target. Here the legal ones are highlighted and made focusable; a click,
 * tap, Enter or Space plays the choice (clicks its button, so htmx posts the form as usual) or, when
 * several choices share the target, offers just those in a small menu beside it (Escape cancels).
 * The board can be zoomed (buttons, pinch) and panned inside its own scrolling box. Everything is
 * rewired after each htmx swap; without JavaScript the buttons below the board still work.
 */
(function () {
  "use strict";

  const ZOOM_STEP = 1.25;
  const ZOOM_MAX = 4;
  let zoom = { scale: 1, left: 0, top: 0 }; // kept across swaps, so polling never resets the view
  let refocus = null; // after a move played from the board: put keyboard focus back on the board

  /* target -> [{label, play}] from the choice forms inside root. */
  function choicesByTarget(root) {
    const found = new Map();
    const add = function (target, label, play) {
      if (!found.has(target)) found.set(target, []);
      found.get(target).push({ label: label, play: play });
    };
    root.querySelectorAll("form.board-choices").forEach(function (form) {
      form.querySelectorAll("button[name=action][data-target]").forEach(function (button) {
        add(button.dataset.target, button.textContent.trim(), function () { button.click(); });
      });
      const select = form.querySelector("select[name=action]");
      const submit = form.querySelector("button[type=submit]:not([name])");
      if (select && submit) {
        select.querySelectorAll("option[data-target]").forEach(function (option) {
          add(option.dataset.target, option.textContent.trim(), function () {
            select.value = option.value;
            submit.click();
          });
        });
      }
    });
    return found;
  }

  /* ---- the menu offered when several choices share one target ---- */

  function closeMenu(figure, returnFocus) {
    const menu = figure.querySelector(".target-menu");
    if (!menu) return;
    const from = menu.targetElement;
    menu.remove();
    if (returnFocus && from && from.isConnected) from.focus({ preventScroll: true });
  }

  function openMenu(figure, element, choices, x, y) {
    closeMenu(figure, false);
    const menu = document.createElement("div");
    menu.className = "target-menu";
    menu.setAttribute("role", "menu");
    menu.setAttribute("aria-label", "Choose a move");
    menu.targetElement = element;
    choices.forEach(function (choice) {
      const item = document.createElement("button");
      item.type = "button";
      item.setAttribute("role", "menuitem");
      item.textContent = choice.label;
      item.addEventListener("click", function () {
        closeMenu(figure, false);
        play(figure, element, choice);
      });
      menu.appendChild(item);
    });
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "secondary";
    cancel.setAttribute("role", "menuitem");
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", function () { closeMenu(figure, true); });
    menu.appendChild(cancel);
    figure.appendChild(menu);
    // Beside the click, kept inside the board's frame.
    const box = figure.getBoundingClientRect();
    const left = Math.min(Math.max(0, x - box.left + 8), Math.max(0, box.width - menu.offsetWidth));
    const top = Math.min(Math.max(0, y - box.top + 8), Math.max(0, box.height - menu.offsetHeight));
    menu.style.left = left + "px";
    menu.style.top = top + "px";
    menu.querySelector("button").focus({ preventScroll: true });
  }

  function menuKeys(figure, event) {
    const menu = figure.querySelector(".target-menu");
    if (!menu || !menu.contains(event.target)) return false;
    const items = Array.from(menu.querySelectorAll("button"));
    const at = items.indexOf(event.target);
    if (event.key === "ArrowDown") {
      items[(at + 1) % items.length].focus();
    } else if (event.key === "ArrowUp") {
      items[(at - 1 + items.length) % items.length].focus();
    } else {
      return true; // Enter, Space and Tab keep their usual meaning on a button; Escape: the document's listener
    }
    event.preventDefault();
    return true;
  }

  /* ---- playing a target ---- */

  function play(figure, element, choice) {
    refocus = element.dataset.target;
    figure.classList.add("busy");
    choice.play();
  }

  function activate(figure, element, x, y) {
    const choices = figure.boardChoices.get(element.dataset.target) || [];
    if (choices.length === 1) {
      play(figure, element, choices[0]);
    } else if (choices.length > 1) {
      openMenu(figure, element, choices, x, y);
    }
  }

  function legalTarget(figure, node) {
    const element = node instanceof Element ? node.closest("[data-target].legal") : null;
    return element && figure.contains(element) ? element : null;
  }

  /* The legal target under a click: the clicked element's own, else the first legal one beneath it
     (a click on a piece that is not playable now reaches the playable place it stands on). */
  function targetAt(figure, event) {
    const direct = legalTarget(figure, event.target);
    if (direct || !event.clientX) return direct;
    const under = document.elementsFromPoint(event.clientX, event.clientY);
    for (let i = 0; i < under.length; i++) {
      const element = legalTarget(figure, under[i]);
      if (element) return element;
    }
    return null;
  }

  /* ---- zoom and pan inside the board's own box ---- */

  function applyZoom(view, scale, centreX, centreY) {
    const svg = view.querySelector("svg");
    if (!svg) return;
    scale = Math.min(ZOOM_MAX, Math.max(1, scale));
    const box = view.getBoundingClientRect();
    const cx = centreX === undefined ? box.width / 2 : centreX - box.left;
    const cy = centreY === undefined ? box.height / 2 : centreY - box.top;
    const oldWidth = svg.getBoundingClientRect().width;
    const oldHeight = svg.getBoundingClientRect().height;
    const fx = (view.scrollLeft + cx) / oldWidth;
    const fy = (view.scrollTop + cy) / oldHeight;
    if (scale === 1) {
      svg.removeAttribute("style");  // not style="": a copy of the page must hold no style attribute
    } else {
      svg.style.width = scale * 100 + "%";
      svg.style.maxHeight = "none";
    }
    view.classList.toggle("zoomed", scale > 1);
    const rect = svg.getBoundingClientRect();
    view.scrollLeft = fx * rect.width - cx;
    view.scrollTop = fy * rect.height - cy;
    zoom = { scale: scale, left: view.scrollLeft, top: view.scrollTop };
  }

  function wirePinch(view) {
    let start = null;
    const distance = function (touches) {
      return Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
    };
    view.addEventListener("touchstart", function (event) {
      if (event.touches.length === 2) start = { distance: distance(event.touches), scale: zoom.scale };
    }, { passive: true });
    view.addEventListener("touchmove", function (event) {
      if (event.touches.length !== 2 || !start) return;
      event.preventDefault(); // the board zooms, not the page
      const midX = (event.touches[0].clientX + event.touches[1].clientX) / 2;
      const midY = (event.touches[0].clientY + event.touches[1].clientY) / 2;
      applyZoom(view, start.scale * distance(event.touches) / start.distance, midX, midY);
    }, { passive: false });
    view.addEventListener("touchend", function (event) {
      if (event.touches.length < 2) start = null;
    }, { passive: true });
    view.addEventListener("scroll", function () {
      zoom.left = view.scrollLeft;
      zoom.top = view.scrollTop;
    }, { passive: true });
  }

  function wireZoomButtons(figure, view) {
    const tools = figure.querySelector(".board-tools");
    if (!tools) return;
    tools.hidden = false;
    tools.addEventListener("click", function (event) {
      const button = event.target.closest("button[data-zoom]");
      if (!button) return;
      const how = button.dataset.zoom;
      applyZoom(view, how === "in" ? zoom.scale * ZOOM_STEP : how === "out" ? zoom.scale / ZOOM_STEP : 1);
    });
  }

  /* ---- the list of board moves is folded away once every one of them is on the board ---- */

  function foldList(live, onBoard) {
    live.querySelectorAll("form.board-choices").forEach(function (form) {
      const targets = Array.from(form.querySelectorAll("[data-target]"), function (e) { return e.dataset.target; });
      if (!targets.length || !targets.every(function (t) { return onBoard.has(t); })) return;
      form.classList.add("folded");
      form.id = "board-choices-" + form.querySelector("input[name=role]").value;
      const hint = document.createElement("p");
      hint.className = "hint board-hint";
      hint.textContent = "Play on the board: click or tap a highlighted piece or place (keyboard: Tab to it, then Enter).";
      const toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "link list-toggle";
      toggle.setAttribute("aria-expanded", "false");
      toggle.setAttribute("aria-controls", form.id);
      toggle.textContent = "List the " + targets.length + " moves on the board";
      toggle.addEventListener("click", function () {
        toggle.setAttribute("aria-expanded", String(form.classList.toggle("listed")));
      });
      form.before(hint, toggle);
    });
  }

  /* ---- wiring one board ---- */

  function wire(figure) {
    if (figure.dataset.wired) return;
    figure.dataset.wired = "true";
    const live = figure.closest("#match-live") || document;
    const view = figure.querySelector(".board-view");
    const choices = choicesByTarget(live);
    figure.boardChoices = choices;
    const onBoard = new Set();
    figure.querySelectorAll("svg [data-target]").forEach(function (element) {
      const mine = choices.get(element.dataset.target);
      if (!mine) return;
      onBoard.add(element.dataset.target);
      element.classList.add("legal");
      element.setAttribute("tabindex", "0");
      element.setAttribute("role", "button");
      element.setAttribute("aria-label", mine.length === 1 ? mine[0].label
        : mine.length + " moves: " + mine.map(function (c) { return c.label; }).join("; "));
    });
    foldList(live, onBoard);

    figure.addEventListener("click", function (event) {
      const element = targetAt(figure, event);
      if (element && !figure.classList.contains("busy")) activate(figure, element, event.clientX, event.clientY);
    });
    figure.addEventListener("keydown", function (event) {
      if (menuKeys(figure, event)) return;
      const element = legalTarget(figure, event.target);
      if (!element || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      if (!figure.classList.contains("busy")) activate(figure, element, box.right, box.top + box.height / 2);
    });

    if (view) {
      wirePinch(view);
      wireZoomButtons(figure, view);
      if (zoom.scale > 1) {
        const kept = { left: zoom.left, top: zoom.top };
        applyZoom(view, zoom.scale);
        view.scrollLeft = kept.left;
        view.scrollTop = kept.top;
      }
    }

    // After a move played from the board (or when the focused button was folded away), keyboard focus
    // goes back to the board: the same target if it is still legal, else the first legal one.
    const lost = document.activeElement && live.contains(document.activeElement)
      && document.activeElement.offsetParent === null;
    if (refocus !== null || lost) {
      const legal = Array.from(figure.querySelectorAll("svg [data-target].legal"));
      const again = legal.find(function (element) { return element.dataset.target === refocus; });
      const next = again || legal[0];
      if (next) next.focus({ preventScroll: true });
      refocus = null;
    }
  }

  function unwire(figure) {
    const live = figure.closest("#match-live") || document;
    closeMenu(figure, false);
    live.querySelectorAll(".board-hint, .list-toggle").forEach(function (e) { e.remove(); });
    live.querySelectorAll("form.board-choices").forEach(function (form) {
      form.classList.remove("folded", "listed");
      form.removeAttribute("id");
    });
    figure.querySelectorAll("svg [data-target].legal").forEach(function (element) {
      element.classList.remove("legal");
      ["tabindex", "role", "aria-label"].forEach(function (name) { element.removeAttribute(name); });
    });
    const svg = figure.querySelector(".board-view svg");
    if (svg) svg.removeAttribute("style");
    figure.querySelectorAll(".board-view").forEach(function (view) { view.classList.remove("zoomed"); });
    figure.querySelectorAll(".board-tools").forEach(function (tools) { tools.hidden = true; });
    figure.classList.remove("busy");
    delete figure.dataset.wired;
  }

  function init(root) {
    if (!(root instanceof Element)) return;
    const figures = root.matches("[data-board]") ? [root] : root.querySelectorAll("[data-board]");
    figures.forEach(wire);
  }

  // A click anywhere else closes an open menu (the click that opened it is on a target).
  document.addEventListener("click", function (event) {
    if (event.target instanceof Element && event.target.closest(".target-menu, [data-target].legal")) return;
    document.querySelectorAll("[data-board]").forEach(function (figure) { closeMenu(figure, false); });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("[data-board]").forEach(function (figure) { closeMenu(figure, true); });
  });
  // htmx keeps a copy of the page for the back button: it must hold the page as served, so that the
  // restored board is wired afresh (listeners are not part of the copy). Sizes set from script live in
  // style attributes, even emptied ones (style=""); restored as HTML they are inline styles, which the
  // CSP refuses with a console error, so none may be in the copy.
  document.addEventListener("htmx:beforeHistorySave", function () {
    document.querySelectorAll("[data-board]").forEach(unwire);
    document.body.querySelectorAll("[style]").forEach(function (element) { element.removeAttribute("style"); });
  });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { init(document.body); });
  // A refused move comes back as the same fragment; the busy flag must not outlive a failed request.
  document.addEventListener("htmx:afterRequest", function () {
    document.querySelectorAll("[data-board].busy").forEach(function (figure) { figure.classList.remove("busy"); });
  });
})();
