/**
 * A 2xx answer's body: JSON parsed as it arrives (a long list never exists whole as text), or for
 * a health check the text as it came. A web page where the service should answer (a sign-in page
 * in front of it) or a body we cannot read is a bad response that still carries the 2xx status.
 */
import { BodyTooLargeError, bodyProblemText, NotJsonError, notJsonError, parseJsonText, readCappedText } from './read-body.ts';
import { readJsonStreamed } from './streamed-json.ts';
import type { FailureFacts } from './status-error.ts';
import { redactDeep } from '../security/redact.ts';

export interface SuccessBodyContext {
  /** Hand back a body that is not JSON as text (health checks). */
  acceptText: boolean;
  maxBytes: number;
  signal: AbortSignal;
  /** Taken out of every word kept. */
  secrets: string[];
  /** Names the host of a web page when the answer has no URL. */
  baseUrl: string;
}

/** The body, or the facts of the bad response it is. */
export type SuccessBody = { body: unknown; failure?: undefined } | { failure: FailureFacts };

/**
 * A 2xx body: empty is undefined; one we cannot read is a bad response that still carries the 2xx
 * status (for a write that means done, even if we cannot read what it said). JSON is parsed as it
 * arrives, so a long list never exists whole as text.
 */
export async function readSuccessBody(response: Response, context: SuccessBodyContext): Promise<SuccessBody> {
  const { acceptText, signal, secrets } = context;
  const limits = { maxBytes: context.maxBytes, signal };
  const type = response.headers.get('content-type');
  try {
    if (!acceptText) return { body: await readJsonStreamed(response, limits) };
    const text = await readCappedText(response, limits);
    // A text answer that is a page (a health route answered by a sign-in page) is not the service's word.
    if (text.trimStart().startsWith('<') && webPageOf(type, text)) throw notJsonError(type, text);
    // Read as the service's words, quoted in messages and windows: a body that echoes what was sent loses the credentials.
    return { body: text.trim() === '' ? undefined : redactDeep(jsonOrText(text, type), secrets) };
  } catch (error) {
    if (!(error instanceof NotJsonError || error instanceof BodyTooLargeError)) throw error;
    const page = error instanceof NotJsonError ? webPageOf(type, error.excerpt?.start ?? '') : null;
    const facts = page ? { webPage: { ...page, host: new URL(response.url || context.baseUrl).host } } : {};
    const failure: FailureFacts = {
      kind: 'bad-response',
      status: response.status,
      reason: bodyProblemText(error, secrets),
      ...facts,
    };
    return { failure };
  }
}

/**
 * A web page where the service should answer: HTML by its type or its first tag. A sign-in page
 * (a company proxy's or single sign-on's session expired) when it asks for a password or says so.
 */
function webPageOf(contentType: string | null, start: string): { signIn: boolean } | null {
  const html = /html/i.test(contentType ?? '') || /^\s*<(!doctype html|html|head|body)\b/i.test(start);
  if (!html) return null;
  return { signIn: /type=["']?password|sign[ -]?in|log[ -]?in|login|anmeld|iniciar sesi|adfs|okta|saml/i.test(start) };
}

/** A health answer may be plain text: JSON when it is JSON, else the text as it came. */
function jsonOrText(text: string, contentType: string | null): unknown {
  try {
    return parseJsonText(text, contentType);
  } catch {
    return text;
  }
}
