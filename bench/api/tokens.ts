// ID tokens from the Auth emulator: a Google sign-in per tutor (as the server tests do).
import type { OrganisationDataset } from '../../apps/server/src/seed/organisation-scale.ts';

function unsignedJwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

async function googleIdToken(authHost: string, email: string): Promise<string> {
  const googleToken = unsignedJwt({
    sub: `google-${email}`,
    email,
    email_verified: true,
    name: email.split('@')[0],
  });
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${googleToken}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
        returnIdpCredential: true,
      }),
    },
  );
  const json = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!json.idToken)
    throw new Error(`signInWithIdp failed: ${json.error?.message ?? response.status}`);
  return json.idToken;
}

export interface BenchTutor {
  email: string;
  token: string;
  students: string[];
  pathwayStudent: string;
}

export async function mintTokens(
  authHost: string,
  dataset: OrganisationDataset,
  tokenCount: number,
): Promise<BenchTutor[]> {
  // Tutors spread over the organisation (every k-th), each with a student who has a pathway.
  const candidates = dataset.tutors.filter((tutor) => tutor.students.some((s) => s.hasPathway));
  const step = Math.max(1, Math.floor(candidates.length / tokenCount));
  const chosen = candidates.filter((_, index) => index % step === 0).slice(0, tokenCount);
  const out: BenchTutor[] = [];
  for (let start = 0; start < chosen.length; start += 10) {
    const batch = chosen.slice(start, start + 10);
    const tokens = await Promise.all(batch.map((tutor) => googleIdToken(authHost, tutor.email)));
    batch.forEach((tutor, index) => {
      out.push({
        email: tutor.email,
        token: tokens[index] as string,
        students: tutor.students.map((student) => student.id),
        pathwayStudent: (tutor.students.find((student) => student.hasPathway) ?? tutor.students[0])
          ?.id as string,
      });
    });
  }
  return out;
}
