// Minimal offline stand-in for https://apis.google.com/js/api.js (gapi.iframes only),
// enough for the Firebase Auth SDK <-> Auth Emulator helper-iframe handshake.
(function () {
  var isChild = window.parent !== window;   // loaded inside the emulator's /emulator/auth/iframe
  var TAG = '__gapiShim';
  var seq = 0, pending = {};
  function mkChannel(targetWinGetter) {
    var handlers = {}, queue = {};
    function deliver(msg, src) {
      var h = handlers[msg.name];
      if (!h) { (queue[msg.name] = queue[msg.name] || []).push([msg, src]); return; }
      var r; try { r = h(msg.data); } catch (e) { console.error(e); }
      Promise.resolve(r).then(function (res) { src.postMessage({ [TAG]: 'reply', id: msg.id, result: [res] }, '*'); });
    }
    window.addEventListener('message', function (e) {
      var d = e.data; if (!d || typeof d !== 'object' || !d[TAG]) return;
      var w = targetWinGetter(); if (!w || e.source !== w) return;
      if (d[TAG] === 'send') deliver(d, e.source);
      else if (d[TAG] === 'reply' && pending[d.id]) { var cb = pending[d.id]; delete pending[d.id]; try { cb(d.result); } catch (err) { /* SDK may throw in cb */ } }
    });
    return {
      register: function (name, handler) { handlers[name] = handler; (queue[name] || []).splice(0).forEach(function (q) { deliver(q[0], q[1]); }); },
      send: function (name, data, cb) { var id = ++seq; if (cb) pending[id] = cb; targetWinGetter().postMessage({ [TAG]: 'send', id: id, name: name, data: data }, '*'); },
    };
  }
  var FILTER = function () { return true; };
  var gapi = window.gapi = window.gapi || {};
  gapi.load = function (name, opts) { setTimeout(function () { (opts.callback || opts)(); }, 0); };
  gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
    Iframe: function () {},
    getContext: function () {
      return {
        // parent side: used by the Firebase JS SDK
        open: function (cfg, onOpened) {
          var el = document.createElement('iframe');
          el.src = cfg.url;
          Object.assign(el.style, { position: 'absolute', width: '1px', height: '1px', left: '-9999px', top: '-9999px' });
          // As the real gapi does: apply the caller's attributes (Firebase passes aria-hidden and
          // tabindex -1, which keep its helper frame out of the accessibility tree).
          var attrs = cfg.attributes || {};
          Object.keys(attrs).forEach(function (name) {
            if (name === 'style') Object.assign(el.style, attrs.style);
            else el.setAttribute(name, String(attrs[name]));
          });
          var ready = new Promise(function (res) {
            window.addEventListener('message', function f(e) { if (e.source === el.contentWindow && e.data && e.data[TAG] === 'ready') { window.removeEventListener('message', f); res(); } });
          });
          (cfg.where || document.body).appendChild(el);
          var ch = mkChannel(function () { return el.contentWindow; });
          var iframe = { restyle: function () { return Promise.resolve(); },
            ping: function (cb) { return ready.then(function () { cb && cb(); }); },
            register: ch.register, send: ch.send };
          return Promise.resolve(onOpened ? onOpened(iframe) : iframe);
        },
        // child side: used by the Auth Emulator helper iframe
        getParentIframe: function () { return mkChannel(function () { return window.parent; }); },
      };
    },
  };
  if (isChild) window.parent.postMessage({ [TAG]: 'ready' }, '*');
  var src = (document.currentScript && document.currentScript.src) || '';
  var m = /[?&]onload=([^&]+)/.exec(src);
  setTimeout(function () {
    if (m && typeof window[m[1]] === 'function') window[m[1]]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
