/* abteach-a11y: names for what the widget manager draws without one, wherever the lectures' widgets show.
 *
 * ipywidgets 8 leaves Play's three icon buttons and a slider's handle with no accessible name, and a
 * picture's text alternative can only travel as a title, or, for a pre-rendered stepper whose picture is a
 * grid of tiles shared between steps, beside the step's sentence.  This script adds the names, marks the
 * tiles as decoration of the named grid, and keeps a polite live region per stepper with the sentence of
 * the step shown, so a screen reader says each step as the slider moves.  On slides it keeps the keys a
 * focused widget control uses (a slider's arrows, Home and End, a button's space) from also turning the slide.
 *
 * One file serves twice: JupyterLab and Voila load it as a prebuilt extension (the container at the end,
 * which needs no shared module), and the exported pages and slides include it inline
 * (scripts/templates/abteach-lab/accessibility.html.j2), where it starts at once.  That template includes
 * it as a template, so it must never hold Jinja's delimiters (a brace followed by %, # or another brace).
 */
var abteachAccessibility = (function () {
  "use strict";
  var PLAY = {"fa-play": "Play", "fa-pause": "Pause", "fa-stop": "Stop", "fa-retweet": "Repeat"};
  var STEPPERS = ".ab-static-stepper, .ab-stepper";

  function each(root, selector, action) {
    Array.prototype.forEach.call(root.querySelectorAll(selector), action);
  }

  function nameButtons(root) {
    each(root, ".widget-play button", function (button) {
      var icon = button.querySelector("i");
      var key = icon && Array.prototype.find.call(icon.classList, function (c) { return c in PLAY; });
      if (key && button.getAttribute("aria-label") !== PLAY[key]) button.setAttribute("aria-label", PLAY[key]);
    });
  }

  function nameSliders(root) {
    each(root, ".noUi-handle:not([aria-label])", function (handle) {
      var slider = handle.closest(".widget-slider");
      var label = slider && slider.querySelector(".widget-label");
      handle.setAttribute("aria-label", (label && label.textContent.trim()) || "slider");
    });
  }

  function namePictures(root) {
    each(root, "img.ab-tile:not([alt])", function (img) { img.setAttribute("alt", ""); });
    each(root, ".ab-tiles", function (grid) {
      var body = grid.closest(".ab-body");
      var text = body && body.parentElement && body.parentElement.querySelector(".ab-picture-alt");
      if (text && grid.getAttribute("aria-label") !== text.textContent) {
        grid.setAttribute("role", "img");
        grid.setAttribute("aria-label", text.textContent);
      }
    });
    each(root, "img[title]", function (img) {
      if (img.getAttribute("alt") !== img.title) img.setAttribute("alt", img.title);
    });
  }

  function announceSteps(root) {
    each(root, STEPPERS, function (stepper) {
      if (stepper.parentElement && stepper.parentElement.closest(STEPPERS)) return;  // a stepper under a switch
      var live = stepper.querySelector(":scope > .ab-live");
      if (!live) {
        live = document.createElement("div");
        live.className = "ab-live";
        // Read, not seen: the sentence is on the page already.
        live.style.cssText = "position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0; " +
                             "overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;";
        live.setAttribute("role", "status");
        live.setAttribute("aria-live", "polite");
        stepper.appendChild(live);
      }
      var shown = Array.prototype.find.call(stepper.querySelectorAll(".ab-explanation"),
                                            function (e) { return e.offsetParent !== null; });
      var text = shown ? shown.textContent.trim() : "";
      if (text && live.dataset.said !== text) {
        // The first sentence is on the page already; only a change is news.
        if (live.dataset.said !== undefined) live.textContent = text;
        live.dataset.said = text;
      }
    });
  }

  // The keys a focused control acts on itself; reveal.js, listening on the document, would also act on them.
  var CONTROL_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown",
                      " ", "Enter"];

  function keepKeysInWidgets(root) {
    // Bubble phase, below the document: the control (a slider's handle, a button) has had the key by now,
    // and reveal.js's listener on the document has not.  Only on slides, and only for a widget's control.
    (root.body || root).addEventListener("keydown", function (event) {
      var target = event.target;
      if (!(target instanceof Element) || CONTROL_KEYS.indexOf(event.key) < 0) return;
      if (target.closest(".reveal") && target.closest(".jupyter-widgets")) event.stopPropagation();
    });
  }

  function fix(root) {
    nameButtons(root);
    nameSliders(root);
    namePictures(root);
    announceSteps(root);
  }

  function start(root) {
    root = root || document;
    var pending = false;
    var observer = new MutationObserver(function () {
      if (!pending) {
        pending = true;
        requestAnimationFrame(function () { pending = false; fix(root); });
      }
    });
    var begin = function () {
      observer.observe(root.body || root, {childList: true, subtree: true, attributes: true,
                                           attributeFilter: ["class", "style", "title"]});
      keepKeysInWidgets(root);
      fix(root);
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
    else begin();
    return observer;
  }

  return {start: start, fix: fix};
})();

var _JUPYTERLAB;
(_JUPYTERLAB = typeof _JUPYTERLAB === "undefined" ? {} : _JUPYTERLAB)["abteach-a11y"] = {
  init: function () { return Promise.resolve(); },
  get: function (module) {
    if (module !== "./extension") return Promise.reject(new Error("abteach-a11y has no module " + module));
    var plugin = {
      id: "abteach-a11y:plugin",
      description: "Accessible names for the lectures' widgets: Play's buttons, sliders, pictures, steps.",
      autoStart: true,
      activate: function () { abteachAccessibility.start(document); }
    };
    return Promise.resolve(function () { return {__esModule: true, default: plugin}; });
  }
};
