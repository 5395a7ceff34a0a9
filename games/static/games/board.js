/* Play on the board (ARCHITECTURE §2.1), a small layer over the match page's htmx forms.
 *
 * The choice buttons (and select options) carry data-target; the board picture marks every possible
 * target with the same data-target. Here the legal ones are highlighted and made focusable; a click,
 * tap, Enter or Space plays the choice (clicks its button, so htmx posts the form as usual) or, when
 * several choices share the target, offers just those in a small menu beside it (Escape cancels).
 * The board can be zoomed (buttons, pinch) and panned inside its own scrolling box (scroll, drag); a
 * phone opens it at a zoom where its names can be read. The engine's HTML panels (.board-panels) are
 * wired like the map. A click on something that is not a move now but has details (an SVG <title>, an
 * HTML title) shows them in a small popover; so does a long press on a phone. The events since the
 * player's last move that say where they happened (path, at) are drawn over the map, with a toggle.
 * Everything is rewired after each htmx swap; without JavaScript the buttons and lists still work.
 */
(function () {
  "use strict";

  const ZOOM_STEP = 1.25;
  const ZOOM_MAX = 8;
  const LEGIBLE_PX = 11; // the smallest board text a player is expected to read (ARCHITECTURE §2.1)
  const PHONE_WIDTH = 640; // a board narrower than this (CSS px) opens zoomed in until its names can be read
  const LONG_PRESS_MS = 550;
  // Every element that may be a target: on the map and in the engine's HTML panels.
  const TARGETS = ".board-view [data-target], .board-panels [data-target]";
  // Kept across swaps, so polling never resets the view; chosen: the player zoomed or pressed Fit.
  let zoom = { scale: 1, left: 0, top: 0, chosen: false };
  let showMarks = true; // the "What happened" overlay, as the player last left it
  let refocus = null; // after a move played from the board: put keyboard focus back on the board
  let handledClick = null; // the click that opened a menu or popover: the document's listener leaves it open
  let suppressClick = false; // a long press or a drag is not also a click

  /* target -> [{label, play}] from the choice forms inside root. */
  // The page's words in the reader's language: the match page writes them on the board's figure (data-word-*).
  function word(root, key, fallback) {
    const figure = (root.closest && root.closest("[data-board]")) || root.querySelector("[data-board]");
    return (figure && figure.dataset["word" + key]) || fallback;
  }

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
    menu.setAttribute("aria-label", word(figure, "Menu", "Choose a move"));
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
    cancel.textContent = word(figure, "Cancel", "Cancel");
    cancel.addEventListener("click", function () { closeMenu(figure, true); });
    menu.appendChild(cancel);
    figure.appendChild(menu);
    placeBeside(figure, menu, element, x, y);
    menu.querySelector("button").focus({ preventScroll: true });
  }

  /* Put a floating box (menu, popover) beside what was clicked, never over it: beside the element when it
     is small (a piece), else beside the click point (a large area); right, left, below or above, the
     first that fits in the board's frame. */
  function placeBeside(figure, floating, element, x, y) {
    const frame = figure.getBoundingClientRect();
    const own = element ? element.getBoundingClientRect() : null;
    const gap = 6;
    const small = own && own.width > 0 && own.width < frame.width / 3 && own.height < frame.height / 3;
    const anchor = small ? own : { left: x - 14, right: x + 14, top: y - 14, bottom: y + 14 };
    const w = floating.offsetWidth, h = floating.offsetHeight;
    const midY = (anchor.top + anchor.bottom) / 2, midX = (anchor.left + anchor.right) / 2;
    const options = [
      { left: anchor.right + gap, top: midY - h / 2 },
      { left: anchor.left - gap - w, top: midY - h / 2 },
      { left: midX - w / 2, top: anchor.bottom + gap },
      { left: midX - w / 2, top: anchor.top - gap - h },
    ];
    const inFrame = function (o) {
      return o.left >= frame.left && o.left + w <= frame.right && o.top + h <= Math.max(frame.bottom, window.innerHeight);
    };
    const covers = function (o) {
      return !(o.left >= anchor.right || o.left + w <= anchor.left || o.top >= anchor.bottom || o.top + h <= anchor.top);
    };
    let pick = options.find(function (o) {
      const clampedTop = Math.max(frame.top, o.top);
      return inFrame({ left: o.left, top: clampedTop }) && !covers({ left: o.left, top: clampedTop });
    });
    if (!pick) pick = options[2]; // below: the frame grows rather than the menu hiding the piece
    const left = Math.min(Math.max(frame.left, pick.left), Math.max(frame.left, frame.right - w));
    const top = Math.max(frame.top, pick.top);
    floating.style.left = left - frame.left + "px";
    floating.style.top = top - frame.top + "px";
  }

  /* ---- details on demand: a popover with what the <title> / title of a piece or place says ---- */

  function detailsOf(node) {
    // Up to the map itself: its own <title> names the whole picture, not a piece or a place.
    for (let e = node instanceof Element ? node : null; e && !e.matches(".board, .board-view > svg"); e = e.parentElement) {
      const title = e.querySelector(":scope > title");
      if (title && title.textContent.trim()) return { element: e, text: title.textContent.trim() };
      const attribute = e.getAttribute("title");
      if (attribute && attribute.trim() && !e.closest(".board-tools, figcaption")) return { element: e, text: attribute.trim() };
    }
    return null;
  }

  function detailsAt(figure, x, y, first) {
    const found = detailsOf(first);
    if (found || x === undefined) return found;
    const under = document.elementsFromPoint(x, y);
    for (let i = 0; i < under.length; i++) {
      if (!figure.contains(under[i])) continue;
      const below = detailsOf(under[i]);
      if (below) return below;
    }
    return null;
  }

  function closePopover(figure) {
    figure.querySelectorAll(".board-popover").forEach(function (e) { e.remove(); });
  }

  function showPopover(figure, details, x, y) {
    closePopover(figure);
    const popover = document.createElement("div");
    popover.className = "board-popover";
    popover.setAttribute("role", "status");
    popover.textContent = details.text;
    figure.appendChild(popover);
    placeBeside(figure, popover, details.element, x, y);
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
    return element && figure.contains(element) && !element.closest(".target-menu") ? element : null;
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
    if (centreX === undefined) closeFloating(view.closest("[data-board]"));
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
    }
    view.classList.toggle("zoomed", scale > 1);
    const rect = svg.getBoundingClientRect();
    view.scrollLeft = fx * rect.width - cx;
    view.scrollTop = fy * rect.height - cy;
    zoom = { scale: scale, left: view.scrollLeft, top: view.scrollTop, chosen: zoom.chosen };
    drawMarks(view.closest("[data-board]"));
  }

  /* The smallest text of the map as drawn now, in CSS px (texts hidden until zoomed are not counted). */
  function smallestText(svg) {
    let smallest = Infinity;
    svg.querySelectorAll("text, tspan").forEach(function (text) {
      if (!text.textContent.trim() || text.closest(".when-zoomed") || !text.getClientRects().length) return;
      const ctm = text.getScreenCTM();
      if (!ctm) return;
      const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b);
      if (size > 0) smallest = Math.min(smallest, size);
    });
    return smallest;
  }

  /* A phone: open the map at a zoom where its smallest names are legible, centred on what may be
     played (else on the map), unless the player already chose a zoom. */
  function phoneZoom(view) {
    const svg = view.querySelector("svg");
    if (!svg || zoom.chosen || zoom.scale > 1 || view.clientWidth >= PHONE_WIDTH) return;
    const smallest = smallestText(svg);
    if (!isFinite(smallest) || smallest >= LEGIBLE_PX) return;
    applyZoom(view, (LEGIBLE_PX / smallest) * 1.02);
    const legal = view.querySelector("[data-target].legal");
    const box = (legal || svg).getBoundingClientRect();
    const frame = view.getBoundingClientRect();
    view.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    view.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
    zoom.left = view.scrollLeft;
    zoom.top = view.scrollTop;
  }

  /* Drag to pan a zoomed map with a mouse (a finger scrolls it natively). */
  function wireDrag(view) {
    let drag = null;
    view.addEventListener("pointerdown", function (event) {
      if (event.pointerType !== "mouse" || event.button !== 0) return;
      suppressClick = false;
      if (!view.classList.contains("zoomed")) return;
      drag = { x: event.clientX, y: event.clientY, left: view.scrollLeft, top: view.scrollTop, moved: false };
    });
    view.addEventListener("pointermove", function (event) {
      if (!drag) return;
      const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 6) return;
      drag.moved = true;
      view.classList.add("dragging");
      view.scrollLeft = drag.left - dx;
      view.scrollTop = drag.top - dy;
    });
    const end = function () {
      if (drag && drag.moved) suppressClick = true; // the click that ends a drag plays nothing
      drag = null;
      view.classList.remove("dragging");
    };
    view.addEventListener("pointerup", end);
    view.addEventListener("pointercancel", end);
    view.addEventListener("pointerleave", end);
  }

  /* A long press on a phone shows what a piece or place is (its title), as a click does on a desktop. */
  function wireLongPress(figure) {
    let timer = null;
    let at = null;
    figure.addEventListener("touchstart", function (event) {
      suppressClick = false; // a new touch: whatever the last long press swallowed is over
      if (event.touches.length !== 1) { clearTimeout(timer); return; }
      const touch = event.touches[0];
      at = { x: touch.clientX, y: touch.clientY, node: event.target };
      clearTimeout(timer);
      timer = setTimeout(function () {
        const details = detailsAt(figure, at.x, at.y, at.node);
        if (!details) return;
        closeMenu(figure, false);
        showPopover(figure, details, at.x, at.y);
        suppressClick = true;
      }, LONG_PRESS_MS);
    }, { passive: true });
    figure.addEventListener("touchmove", function (event) {
      const touch = event.touches[0];
      if (at && touch && Math.hypot(touch.clientX - at.x, touch.clientY - at.y) > 10) clearTimeout(timer);
    }, { passive: true });
    figure.addEventListener("touchend", function () { clearTimeout(timer); }, { passive: true });
    figure.addEventListener("touchcancel", function () { clearTimeout(timer); }, { passive: true });
    // No browser menu on a long press of the map: the popover is the answer.
    figure.addEventListener("contextmenu", function (event) {
      if (event.target instanceof Element && event.target.closest(".board-view, .board-panels") && at) event.preventDefault();
    });
  }

  /* ---- what happened since the player's last move, drawn over the map ---- */

  const SVG_NS = "http://www.w3.org/2000/svg";

  function svgNode(name, attributes) {
    const node = document.createElementNS(SVG_NS, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }

  /* The centre and size of a target's drawing in the map's own units (null: not drawn on the map). */
  function centreOf(svg, target, toUser) {
    const element = Array.from(svg.querySelectorAll("[data-target]")).find(function (e) { return e.dataset.target === target; });
    if (!element) return null;
    const box = element.getBoundingClientRect();
    if (!box.width && !box.height) return null;
    const point = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2).matrixTransform(toUser);
    const corner = new DOMPoint(box.right, box.bottom).matrixTransform(toUser);
    return { x: point.x, y: point.y, r: Math.max(Math.abs(corner.x - point.x), Math.abs(corner.y - point.y)) };
  }

  function drawMarks(figure) {
    if (!figure) return;
    const svg = figure.querySelector(".board-view svg");
    const data = figure.querySelector("#since-marks");
    if (!svg || !data) return;
    svg.querySelectorAll(".since-marks").forEach(function (e) { e.remove(); });
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const toUser = ctm.inverse();
    const unit = 1 / Math.hypot(ctm.a, ctm.b); // one CSS px in the map's units
    const group = svgNode("g", { class: "since-marks" + (showMarks ? "" : " hidden"), "aria-hidden": "true" });
    const defs = svgNode("defs", {});
    const marker = svgNode("marker", { id: "since-arrow", viewBox: "0 0 10 10", refX: "8", refY: "5",
      markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse" });
    marker.appendChild(svgNode("path", { d: "M0,0 L10,5 L0,10 z", fill: "#c2185b" }));
    defs.appendChild(marker);
    group.appendChild(defs);
    JSON.parse(data.textContent).forEach(function (mark) {
      const points = mark.path.map(function (t) { return centreOf(svg, t, toUser); }).filter(Boolean);
      if (points.length > 1) {
        const d = points.map(function (p, i) { return (i ? "L" : "M") + p.x.toFixed(1) + "," + p.y.toFixed(1); }).join(" ");
        group.appendChild(svgNode("path", { d: d, fill: "none", stroke: "#fff", "stroke-width": 7 * unit,
          "stroke-linecap": "round", "stroke-linejoin": "round", opacity: "0.8" }));
        group.appendChild(svgNode("path", { d: d, fill: "none", stroke: "#c2185b", "stroke-width": 3.5 * unit,
          "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-dasharray": 10 * unit + " " + 4 * unit,
          "marker-end": "url(#since-arrow)", class: "since-path" }));
        const start = points[0];
        group.appendChild(svgNode("circle", { cx: start.x, cy: start.y, r: 5 * unit, fill: "#c2185b", stroke: "#fff",
          "stroke-width": 2 * unit }));
      }
      mark.at.map(function (t) { return centreOf(svg, t, toUser); }).filter(Boolean).forEach(function (p) {
        const r = Math.max(12 * unit, Math.min(p.r, 40 * unit));
        group.appendChild(svgNode("circle", { cx: p.x, cy: p.y, r: r, fill: "none", stroke: "#fff", "stroke-width": 7 * unit,
          opacity: "0.8" }));
        group.appendChild(svgNode("circle", { cx: p.x, cy: p.y, r: r, fill: "none", stroke: "#c2185b",
          "stroke-width": 3.5 * unit, class: "since-at" }));
      });
    });
    svg.appendChild(group);
  }

  function wireMarks(figure) {
    const toggle = figure.querySelector("button[data-marks]");
    if (!toggle) return;
    toggle.setAttribute("aria-pressed", String(showMarks));
    toggle.addEventListener("click", function () {
      showMarks = !showMarks;
      toggle.setAttribute("aria-pressed", String(showMarks));
      figure.querySelectorAll(".since-marks").forEach(function (g) { g.classList.toggle("hidden", !showMarks); });
    });
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
      zoom.chosen = true;
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
      zoom.chosen = true;
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
      hint.textContent = word(live, "Hint", "Play on the board: click or tap a highlighted piece or place (keyboard: Tab to it, then Enter).");
      const toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "link list-toggle";
      toggle.setAttribute("aria-expanded", "false");
      toggle.setAttribute("aria-controls", form.id);
      toggle.textContent = word(live, "List", "List the {n} moves on the board").replace("{n}", targets.length);
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
    figure.querySelectorAll(TARGETS).forEach(function (element) {
      const mine = choices.get(element.dataset.target);
      if (!mine) return;
      onBoard.add(element.dataset.target);
      element.classList.add("legal");
      element.setAttribute("tabindex", "0");
      element.setAttribute("role", "button");
      element.setAttribute("aria-label", mine.length === 1 ? mine[0].label
        : word(figure, "Several", "{n} moves: {list}").replace("{n}", mine.length)
          .replace("{list}", mine.map(function (c) { return c.label; }).join("; ")));
    });
    foldList(live, onBoard);

    figure.addEventListener("click", function (event) {
      if (suppressClick) { // the end of a long press or of a drag
        suppressClick = false;
        handledClick = event;
        return;
      }
      if (event.target instanceof Element && event.target.closest(".target-menu, .board-tools, .board-popover, figcaption")) return;
      const element = targetAt(figure, event);
      closePopover(figure);
      if (element) {
        handledClick = event; // the document's listener must not close the menu this click opens
        if (!figure.classList.contains("busy")) activate(figure, element, event.clientX, event.clientY);
        return;
      }
      const details = detailsAt(figure, event.clientX || undefined, event.clientY, event.target);
      if (details) {
        handledClick = event;
        closeMenu(figure, false);
        showPopover(figure, details, event.clientX, event.clientY);
      }
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
      wireDrag(view);
      wireZoomButtons(figure, view);
      if (zoom.scale > 1) {
        const kept = { left: zoom.left, top: zoom.top };
        applyZoom(view, zoom.scale);
        view.scrollLeft = kept.left;
        view.scrollTop = kept.top;
      } else {
        phoneZoom(view);
      }
    }
    wireLongPress(figure);
    wireMarks(figure);
    drawMarks(figure);

    // After a move played from the board (or when the focused button was folded away), keyboard focus
    // goes back to the board: the same target if it is still legal, else the first legal one.
    const lost = document.activeElement && live.contains(document.activeElement)
      && document.activeElement.offsetParent === null;
    if (refocus !== null || lost) {
      const legal = Array.from(figure.querySelectorAll(".board-view [data-target].legal, .board-panels [data-target].legal"));
      const again = legal.find(function (element) { return element.dataset.target === refocus; });
      const next = again || legal[0];
      if (next) next.focus({ preventScroll: true });
      refocus = null;
    }
  }

  function unwire(figure) {
    const live = figure.closest("#match-live") || document;
    closeMenu(figure, false);
    closePopover(figure);
    figure.querySelectorAll(".since-marks").forEach(function (e) { e.remove(); });
    live.querySelectorAll(".board-hint, .list-toggle").forEach(function (e) { e.remove(); });
    live.querySelectorAll("form.board-choices").forEach(function (form) {
      form.classList.remove("folded", "listed");
      form.removeAttribute("id");
    });
    figure.querySelectorAll("[data-target].legal").forEach(function (element) {
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

  function closeFloating(figure) {
    if (!figure) return;
    closeMenu(figure, false);
    closePopover(figure);
  }

  // A click anywhere else closes an open menu or popover (not the click that opened it, wherever on the
  // target it landed: on a piece drawn inside the target, the click's own element is not the target).
  document.addEventListener("click", function (event) {
    if (event === handledClick) return;
    if (event.target instanceof Element && event.target.closest(".target-menu")) return;
    document.querySelectorAll("[data-board]").forEach(closeFloating);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("[data-board]").forEach(function (figure) {
      closeMenu(figure, true);
      closePopover(figure);
    });
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
