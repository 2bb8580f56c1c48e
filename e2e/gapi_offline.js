/*
 * Served in place of Google's gapi loader (https://apis.google.com/js/api.js), which this
 * offline machine cannot fetch. The Firebase Auth SDK and the Auth emulator's helper iframe load
 * it only for gapi.iframes: the SDK opens the helper iframe (an emulator page) and the two talk
 * across origins; the emulator's sign-in popup hands the chosen account to that iframe, which
 * passes it to the SDK. This file implements just that slice over postMessage: open an iframe,
 * ping it until it is ready, register handlers, send a message and get back the list of the
 * handlers' results. The emulator, its popup and the SDK all run for real around it.
 */
(function () {
  "use strict";

  var MARK = "camp-e2e-gapi";
  var ACCEPT_ALL = function () {
    return true;
  };

  // One end of the conversation with another window (the iframe, or the page around it).
  function Channel(isPeer) {
    this.target = null;
    this.handlers = {};
    this.waiting = {};
    this.unanswered = [];
    this.readyCallbacks = [];
    this.ready = false;
    this.lastId = 0;
    var channel = this;
    window.addEventListener("message", function (event) {
      var message = event.data;
      if (!message || message.mark !== MARK || !isPeer(event)) return;
      channel.receive(message);
    });
  }

  Channel.prototype.post = function (message) {
    message.mark = MARK;
    this.target.postMessage(message, "*");
  };

  Channel.prototype.receive = function (message) {
    if (message.kind === "ready") {
      this.ready = true;
      this.readyCallbacks.splice(0).forEach(function (callback) {
        callback();
      });
    } else if (message.kind === "reply") {
      var callback = this.waiting[message.id];
      delete this.waiting[message.id];
      if (callback) callback(message.results);
    } else if (message.kind === "request") {
      var handler = this.handlers[message.type];
      // A message that arrives before its handler is registered waits for it, as with gapi.
      if (handler) this.answer(handler, message);
      else this.unanswered.push(message);
    }
  };

  Channel.prototype.answer = function (handler, message) {
    var result = handler(message.data);
    this.post({
      kind: "reply",
      id: message.id,
      results: result === undefined ? [] : [result],
    });
  };

  Channel.prototype.register = function (type, handler) {
    var channel = this;
    this.handlers[type] = handler;
    this.unanswered = this.unanswered.filter(function (message) {
      if (message.type !== type) return true;
      channel.answer(handler, message);
      return false;
    });
  };

  Channel.prototype.send = function (type, data, callback) {
    this.lastId += 1;
    if (callback) {
      this.waiting[this.lastId] = function (results) {
        // The SDK's webStorageSupport callback throws by design after answering; gapi swallows it.
        try {
          callback(results);
        } catch (error) {
          console.debug("gapi stand-in: a reply callback threw", error);
        }
      };
    }
    this.post({ kind: "request", id: this.lastId, type: type, data: data });
  };

  Channel.prototype.ping = function () {
    var channel = this;
    return new Promise(function (resolve) {
      if (channel.ready) resolve();
      else channel.readyCallbacks.push(resolve);
    });
  };

  Channel.prototype.restyle = function () {
    return Promise.resolve();
  };

  var parentChannel = null;

  var context = {
    open: function (options, onOpened) {
      var frame = document.createElement("iframe");
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === "style") Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      // Listen before the frame loads, so its first message is not missed.
      var channel = new Channel(function (event) {
        return event.source === frame.contentWindow;
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      channel.target = frame.contentWindow;
      return Promise.resolve(onOpened ? onOpened(channel) : channel);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function (event) {
          return event.source === window.parent;
        });
        parentChannel.target = window.parent;
        parentChannel.post({ kind: "ready" });
      }
      return parentChannel;
    },
  };

  window.gapi = {
    load: function (name, options) {
      var callback = typeof options === "function" ? options : options && options.callback;
      setTimeout(callback, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: ACCEPT_ALL,
      getContext: function () {
        return context;
      },
    },
  };

  // Like the real loader: call the function named by ?onload=, and gapi_onload if defined.
  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get("onload");
  setTimeout(function () {
    if (onload && typeof window[onload] === "function") window[onload]();
    if (typeof window.gapi_onload === "function") window.gapi_onload();
  }, 0);
})();
