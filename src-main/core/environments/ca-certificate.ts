/**
 * An environment's extra CA certificate as people check it when they paste or load one: whose it
 * is (its subject) and until when it is valid — or why it cannot be used. Read with Node's own
 * X.509 parser; nothing is trusted by being described.
 */
import { X509Certificate } from 'node:crypto';
import type { CaCertificateView } from '../../shared/domain/environments.ts';

const PEM = /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/;

export function describeCaCertificate(pem: string, now: number): CaCertificateView {
  const text = pem.trim();
  if (!PEM.test(text)) return { ok: false, problem: 'notPem' };
  try {
    const certificate = new X509Certificate(text);
    const validTo = Date.parse(certificate.validTo);
    return {
      ok: true,
      // "CN=Acme Internal CA\nO=Acme" → "CN=Acme Internal CA, O=Acme"
      subject: certificate.subject.split('\n').join(', '),
      validTo: new Date(validTo).toISOString(),
      expired: validTo < now,
      isCa: certificate.ca,
    };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
