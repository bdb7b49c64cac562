// A local double of DeepL's text translation API (POST /v2/translate, as deepl-node calls it),
// for the server tests and the e2e stack on these offline machines. It translates a few known
// phrases as DeepL would and marks any other text with its target language, detects Spanish by
// its letters and common words, and checks the key like DeepL does. Tests steer it over HTTP:
//
//   POST /__double/fail   {"status": 503, "count": 2}  the next 2 translations answer 503
//                         (count omitted: every one until reset); 456 is DeepL's quota answer
//   GET  /__double/calls  {"translate": [{"text": [...], "target_lang": "ES"}, ...]}
//   POST /__double/reset  forget calls and failures
import { createServer } from 'node:http';

/** The key the double accepts (a DeepL free key ends in ':fx'). */
export const DEEPL_DOUBLE_KEY = 'deepl-double-key:fx';

/** Phrases the double knows, both ways; anything else is marked '[ES] …' or '[EN] …'. */
const phrases = [
  ['See you on Tuesday at 4 pm.', 'Nos vemos el martes a las 4 p. m.'],
  [
    'Hi! Sofia did great today. Can she practise fractions for ten minutes before our next session?',
    '¡Hola! Sofía lo hizo muy bien hoy. ¿Puede practicar fracciones durante diez minutos antes de nuestra próxima sesión?',
  ],
  ['Thank you, see you soon!', '¡Gracias, hasta pronto!'],
  ['Yes, she will practise. Thank you, teacher!', 'Sí, va a practicar. ¡Gracias, maestra!'],
  ['Thank you', 'Gracias'],
];

const spanishLetters = /[¿¡áéíóúñü]/i;
const spanishWords =
  /\b(hola|gracias|sí|si|maestra|maestro|martes|nos vemos|buenos|buenas|por favor|mañana)\b/i;

function detect(text) {
  return spanishLetters.test(text) || spanishWords.test(text) ? 'ES' : 'EN';
}

function translate(text, target) {
  const to = target.toUpperCase().split('-')[0];
  const from = detect(text);
  if (from === to) return { text, from };
  for (const [english, spanish] of phrases) {
    if (to === 'ES' && text === english) return { text: spanish, from };
    if (to === 'EN' && text === spanish) return { text: english, from };
  }
  return { text: `[${to}] ${text}`, from };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * Starts the double on 127.0.0.1 (port 0: any free port). Resolves with its URL, the calls it
 * took, ways to make it fail, and stop().
 */
export async function startDeepLDouble({ port = 0 } = {}) {
  const calls = [];
  let failure; // { status, remaining }
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      if (url.pathname === '/__double/fail' && request.method === 'POST') {
        const { status = 503, count } = body ? JSON.parse(body) : {};
        failure = { status, remaining: count ?? Number.POSITIVE_INFINITY };
        return answer(response, 204, {});
      }
      if (url.pathname === '/__double/reset' && request.method === 'POST') {
        calls.length = 0;
        failure = undefined;
        return answer(response, 204, {});
      }
      if (url.pathname === '/__double/calls') return answer(response, 200, { translate: calls });
      if (url.pathname !== '/v2/translate' || request.method !== 'POST') {
        return answer(response, 404, { message: 'Not found' });
      }
      if (request.headers.authorization !== `DeepL-Auth-Key ${DEEPL_DOUBLE_KEY}`) {
        return answer(response, 403, { message: 'Wrong authentication key' });
      }
      const form = new URLSearchParams(body);
      const texts = form.getAll('text');
      const target = form.get('target_lang') ?? '';
      calls.push({ text: texts, target_lang: target });
      if (failure && failure.remaining > 0) {
        failure.remaining -= 1;
        return answer(response, failure.status, {
          message: failure.status === 456 ? 'Quota exceeded' : 'Service unavailable',
        });
      }
      if (texts.length === 0 || !target) {
        return answer(response, 400, { message: 'Parameter text and target_lang are required' });
      }
      return answer(response, 200, {
        translations: texts.map((text) => {
          const result = translate(text, target);
          return {
            detected_source_language: result.from,
            text: result.text,
            billed_characters: text.length,
          };
        }),
      });
    } catch (error) {
      answer(response, 500, { message: String(error) });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    key: DEEPL_DOUBLE_KEY,
    /** The translate calls so far: each with its texts and target language. */
    calls: () => calls.map((call) => ({ ...call, text: [...call.text] })),
    /** The next `count` translations (all, when omitted) answer `status`. */
    fail(status = 503, count = Number.POSITIVE_INFINITY) {
      failure = { status, remaining: count };
    },
    reset() {
      calls.length = 0;
      failure = undefined;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
