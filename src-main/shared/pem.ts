/** One PEM certificate, as written between its BEGIN and END lines (a bundle holds several). */
export const PEM_CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The PEM certificates of a text, each block as written, in order. */
export const certificateBlocks = (text: string): string[] => text.match(PEM_CERTIFICATE_BLOCK) ?? [];
