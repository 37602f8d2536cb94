import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen';

import type { FieldError } from './validationErrors';

export type { FieldError };

/** A failed call, carrying the server's problem+json so forms can show field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly problem: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** What a failed call says in words: a refusal's first field message, else the error's own message. */
export const messageOf = (e: unknown) =>
  e instanceof ApiError ? (e.errors[0]?.message ?? e.message) : (e as Error).message;

let signedInSource: () => boolean = () => false;
let onUnauthorized: () => void = () => {};

/**
 * The session module tells the client whether the tab is signed in and what to do when the server drops the session.
 * The session itself travels in its HttpOnly cookie, which the browser sends with every call (decision 043).
 */
export function configureAuth(opts: { signedIn: () => boolean; unauthorized: () => void }) {
  signedInSource = opts.signedIn;
  onUnauthorized = opts.unauthorized;
}

export const isSignedIn = () => signedInSource();

const auth: Middleware = {
  async onResponse({ response }) {
    // A sign-in's own refusal comes while signing in, not signed in: the session module tells them apart.
    // Whatever the server says ("Please sign in." when another tab's sign-out has already dropped the cookie), a
    // signed-in tab's session has ended: one notice, the same in every tab.
    if (response.status === 401 && signedInSource()) onUnauthorized();
    return response;
  },
};

export const client = createClient<paths>({ baseUrl: '/' });
client.use(auth);

type Reply<T> = { data?: T; error?: unknown; response: Response };

/** The data of a successful reply, or an ApiError with the server's message and field errors. */
export async function call<T>(promise: Promise<Reply<T>>): Promise<T> {
  let reply: Reply<T>;
  try {
    reply = await promise;
  } catch {
    throw new ApiError(0, 'Network error', 'Could not reach Doorstep. Check your connection and try again.');
  }
  if (reply.error !== undefined || !reply.response.ok) {
    const p = (reply.error ?? {}) as Record<string, unknown>;
    throw new ApiError(
      reply.response.status,
      String(p.title ?? 'Error'),
      String(p.detail ?? p.title ?? `Request failed (${reply.response.status})`),
      (p.errors as FieldError[]) ?? [],
      p,
    );
  }
  return reply.data as T;
}
