// The small HTML pages payments serve outside the app (the sandbox's checkout, the pages that open Cashfree's and
// Razorpay's): one shell and one escape for all of them.

export const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The card is the screen's width less a margin on a phone; an order id or a payer's e-mail breaks anywhere rather
// than widening it.
const BASE_STYLE =
  '*,*::before,*::after{box-sizing:border-box}' +
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1d21}' +
  'main{width:min(29rem,100% - 2rem);margin:3rem auto;padding:1.5rem;background:#fff;border-radius:12px;' +
  'box-shadow:0 1px 4px #0002;overflow-wrap:anywhere}' +
  '@media (max-width:30rem){main{margin-block:1rem}}' +
  'h1{font-size:1.4rem;margin:0 0 1rem}';

/** A whole page: `style` adds to the shared rules, `head` adds elements (a provider's script). */
export function page(title: string, body: string, extra: { style?: string; head?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(title)}</title>
<style>${BASE_STYLE}${extra.style ?? ''}</style>
${extra.head ?? ''}</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
