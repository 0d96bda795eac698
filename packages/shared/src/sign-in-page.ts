import { DRAWING_SHOWN_KEY } from './app-start.ts';
import { AFTER_PAINT, PICK_DRAWING, READ_STORAGE } from './inline-script-parts.ts';

/**
 * The sign-in page drawn at build time (issue 26, first screen): apps/web's build writes it to dist/ under this
 * name, with the form in each language and theme, and the server sends it for GET /login.
 */
export const SIGN_IN_DOCUMENT = 'login.html';

/**
 * The one inline script of the sign-in document, run before its first paint: it puts the drawing of the
 * visitor's language and theme (their stored choices) into #root, has the app start once it is painted
 * (DRAWING_SHOWN_KEY) and fills it as the app's form starts (the remembered username, 'remember password'
 * ticked); until the app takes the form over, it keeps the drawn checkbox's look in step with its box, holds a
 * submit back (the app submits the form then) and marks the submit button pressed while it is (released on the
 * app's button, the press is the app's click). Someone with a session gets nothing drawn, and the app starts at
 * once to send them on.
 * Here, not in the web app, because the server allows it in its Content-Security-Policy by its hash, which
 * must be that of these very characters. The storage keys are the web app's STORAGE_KEYS (docs/spec.md §4).
 */
export const SIGN_IN_SCRIPT = `(function () {
${READ_STORAGE}
  if (read('sessionStorage', 'token') || read('localStorage', 'rememberedToken')) return;
${PICK_DRAWING}
  document.documentElement.lang = locale;
  document.documentElement.setAttribute('data-theme', theme);
  if (settings.colorWeak === true) document.body.style.filter = 'invert(80%)';
  root.appendChild(drawn.content);
${AFTER_PAINT}
  // the app starts (APP_START_SCRIPT) once the form is on screen
  window[${JSON.stringify(DRAWING_SHOWN_KEY)}] = new Promise(afterPaint);
  var username = document.getElementById('username');
  var remember = document.getElementById('remember');
  var form = root.querySelector('form');
  if (!username || !remember || !form) return;
  var remembered = read('localStorage', 'rememberedUsername');
  if (remembered) {
    username.value = remembered;
    remember.checked = true;
  }
  function tick() {
    remember.parentNode.classList.toggle('ant-checkbox-checked', remember.checked);
  }
  tick();
  remember.addEventListener('change', tick);
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    form.setAttribute('data-submitted', '');
  });
  var submit = form.querySelector('button[type="submit"]');
  if (!submit) return;
  submit.addEventListener('pointerdown', function () {
    form.setAttribute('data-pressed', '');
  });
  function lift() {
    form.removeAttribute('data-pressed');
  }
  document.addEventListener('pointerup', lift);
  document.addEventListener('pointercancel', lift);
})();`;
