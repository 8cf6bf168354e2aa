import QRCode from 'qrcode';
import type { SignedKeyRequestView } from '../keys/requests.js';

/**
 * The approval page's HTML: the request, a QR code of its deeplink (for a phone wallet app), and an
 * Approve button driving an injected EIP-1193 wallet (`window.ethereum`). Everything is inline, allowed by
 * the page's Content-Security-Policy nonce; nothing is loaded from elsewhere.
 */

const STYLE = `
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.4rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; word-break: break-all; font-family: ui-monospace, monospace; }
.qr svg { width: 14rem; height: 14rem; }
button { font-size: 1rem; padding: .6rem 1.4rem; cursor: pointer; }
#status { min-height: 1.5rem; }
`;

/** Runs in the browser: connect, fetch the Add typed data, sign it with eth_signTypedData_v4, approve, poll. */
const SCRIPT = `
(() => {
  const root = document.getElementById('request');
  const token = root.dataset.token;
  const button = document.getElementById('approve');
  const status = document.getElementById('status');
  const say = (text) => { status.textContent = text; };
  const api = async (path, init) => {
    const response = await fetch(path, init);
    const body = await response.json();
    if (!response.ok) throw new Error(body.errors && body.errors[0] ? body.errors[0].message : 'HTTP ' + response.status);
    return body.result;
  };
  const domainFields = [['name', 'string'], ['version', 'string'], ['chainId', 'uint256'], ['verifyingContract', 'address'], ['salt', 'bytes32']];
  const show = (request) => {
    document.getElementById('state').textContent = request.state;
    document.getElementById('user-fid').textContent = request.userFid === undefined ? '-' : String(request.userFid);
    button.hidden = request.state !== 'pending';
    if (request.state === 'approved') setTimeout(poll, 2000);
    if (request.state === 'completed') say('Completed: the key can now sign messages for fid ' + request.userFid + '.');
  };
  const poll = async () => {
    try {
      show((await api('/v2/signed-key-request?token=' + encodeURIComponent(token))).signedKeyRequest);
    } catch (error) {
      say(error.message);
      setTimeout(poll, 2000);
    }
  };
  button.addEventListener('click', async () => {
    const ethereum = window.ethereum;
    if (!ethereum) { say('No Ethereum wallet found in this browser; scan the QR code with your app instead.'); return; }
    button.disabled = true;
    try {
      say('Connecting your wallet...');
      const [account] = await ethereum.request({ method: 'eth_requestAccounts' });
      say('Preparing the approval...');
      const query = '?token=' + encodeURIComponent(token) + '&fidOwner=' + encodeURIComponent(account);
      const { typedData } = await api('/v2/signed-key-request/approval-data' + query);
      const EIP712Domain = domainFields
        .filter(([name]) => typedData.domain[name] !== undefined)
        .map(([name, type]) => ({ name, type }));
      const signable = { ...typedData, types: { EIP712Domain, ...typedData.types } };
      say('Sign the approval in your wallet...');
      const signature = await ethereum.request({ method: 'eth_signTypedData_v4', params: [account, JSON.stringify(signable)] });
      say('Registering the key on chain...');
      const result = await api('/v2/signed-key-request/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, fidOwner: account, deadline: Number(typedData.message.deadline), signature }),
      });
      say('Approved: waiting for the node to see the key...');
      show(result.signedKeyRequest);
    } catch (error) {
      say(error && error.message ? error.message : String(error));
      button.disabled = false;
    }
  });
  if (root.dataset.state === 'approved') setTimeout(poll, 2000);
})();
`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export async function approvalPageHtml(request: SignedKeyRequestView, nonce: string): Promise<string> {
  const qr = await QRCode.toString(request.deeplinkUrl, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  const userFid = request.userFid === undefined ? '-' : String(request.userFid);
  const body = `<main id="request" data-token="${escapeHtml(request.token)}" data-state="${request.state}">
<h1>Approve a signing key</h1>
<p>The app with fid ${request.requestFid} asks to sign messages for your account with the key below.</p>
<dl>
<dt>App fid</dt><dd id="app-fid">${request.requestFid}</dd>
<dt>Key</dt><dd id="key">${escapeHtml(request.key)}</dd>
<dt>Sponsored</dt><dd>${request.isSponsored ? 'yes' : 'no'}</dd>
<dt>State</dt><dd id="state">${request.state}</dd>
<dt>Your fid</dt><dd id="user-fid">${userFid}</dd>
</dl>
<div class="qr" id="qr" title="${escapeHtml(request.deeplinkUrl)}">${qr}</div>
<p><button id="approve" type="button"${request.state === 'pending' ? '' : ' hidden'}>Approve</button></p>
<p id="status" role="status"></p>
</main>
<script nonce="${nonce}">${SCRIPT}</script>`;
  return page('Approve a signing key', body, nonce);
}

export function notFoundPageHtml(nonce: string): string {
  return page(
    'Unknown request',
    '<main><h1>Unknown signed key request</h1><p>Check the link, or ask the app for a new one.</p></main>',
    nonce,
  );
}

/** Only this page's own nonce-tagged script and style run; fetches go to this service only. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
