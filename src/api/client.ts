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

let tokenSource: () => string | null = () => null;
let onUnauthorized: (message: string) => void = () => {};

/** The session module tells the client where the token is and what to do when the server drops it. */
export function configureAuth(opts: { token: () => string | null; unauthorized: (message: string) => void }) {
  tokenSource = opts.token;
  onUnauthorized = opts.unauthorized;
}

export const currentToken = () => tokenSource();

const auth: Middleware = {
  onRequest({ request }) {
    const token = tokenSource();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ request, response }) {
    if (response.status === 401 && request.headers.has('Authorization')) {
      const body = await response
        .clone()
        .json()
        .catch(() => ({}));
      onUnauthorized(body.detail ?? 'Your session has ended. Please sign in again.');
    }
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
