// The browser's own time zone, kept in a cookie so the server writes dates in it (issue 45 item 6;
// app/services/time-zone.server.ts). The same bytes for every visitor: shared pages stay cached.
const SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf("closetloop_tz="+encodeURIComponent(z))<0)document.cookie="closetloop_tz="+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}catch(e){}`;

export function TimeZoneScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
