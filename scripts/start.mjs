// `npm start`: the whole product with demo data, one URL. Ctrl-C stops everything it started.
import { onShutdown } from './lib/process.mjs';
import { startStack } from './stack.mjs';

let stack;
let stopping = false;
onShutdown(async () => {
  stopping = true;
  console.log('\nStopping the server and the Auth emulator…');
  await stack?.stop();
});

console.log('Building the portal and starting the Auth emulator and the server (about 30 s)…');
try {
  // Request logs would bury the URL below; LOG_LEVEL=info brings them back.
  process.env.LOG_LEVEL ??= 'warn';
  stack = await startStack({});
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

console.log(`
  Tutoring portal: ${stack.url}

  Demo accounts (sign in through the Auth emulator's Google window: "Add new account",
  then type the e-mail and the name):
    Tutor      Maya Chen     maya.chen@tutoring.example.org   (4 students)
    Tutor      Jordan Lee    jordan.lee@tutoring.example.org  (2 students)
    Refused    any address outside tutoring.example.org, e.g. someone@gmail.com

  Onboarding applicant (magic link): ${stack.url}auth with sam.rivera@example.com, then open the
  link from ${stack.url}api/dev/outbox; ${stack.url}api/dev/forms completes the tasks.

  Data: ${stack.dataDir} (delete it to start again from the demo data)
  Press Ctrl-C to stop.
`);
const { code } = await stack.exited;
if (!stopping) {
  // The server died on its own: say so, and take the emulator down with it.
  console.error(`The server stopped unexpectedly (exit ${code}).`);
  await stack.stop();
  process.exit(code || 1);
}
