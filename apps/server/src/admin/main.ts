#!/usr/bin/env node
// `tutoring-admin`: the operator's commands, built with the server (dist/admin/main.js, the
// package's `bin`), so a deployed folder or the container image runs them with production
// dependencies only. They read the server's own environment (run.ts says which commands).
import { runAdmin } from './run.ts';

process.exitCode = await runAdmin(process.argv.slice(2));
