/**
 * An environment's extra CA certificates as people check them when they paste or load them: whose
 * each is (its subject) and until when it is valid — every certificate of a bundle, in order — or
 * why they cannot be used (a bundle with one certificate cut short is refused whole). Read with
 * Node's own X.509 parser; nothing is trusted by being described.
 */
import { X509Certificate } from 'node:crypto';
import type { CaCertificateView } from '../../shared/domain/environments.ts';
import { certificateBlocks, PEM_CERTIFICATE_BLOCK } from '../../shared/pem.ts';

const PEM = /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/;

export function describeCaCertificate(pem: string, now: number): CaCertificateView {
  const text = pem.trim();
  if (!PEM.test(text)) return { ok: false, problem: 'notPem' };
  // Only certificates and the space between them: anything else is a bundle cut or pasted wrong.
  if (text.replace(PEM_CERTIFICATE_BLOCK, '').trim() !== '') return { ok: false, problem: 'unreadable' };
  try {
    const certificates = certificateBlocks(text).map((block) => {
      const certificate = new X509Certificate(block);
      const validTo = Date.parse(certificate.validTo);
      return {
        // "CN=Acme Internal CA\nO=Acme" → "CN=Acme Internal CA, O=Acme"
        subject: certificate.subject.split('\n').join(', '),
        validTo: new Date(validTo).toISOString(),
        expired: validTo < now,
        isCa: certificate.ca,
      };
    });
    return { ok: true, certificates };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
