// The simulated camera of the demo and the tests: a frame drawn for the moment it is asked, with the post, the
// camera and the time in Guayaquil, so that a guard sees the grid refresh. An SVG picture: nothing to decode or
// encode, and an <img> shows it like a camera's JPEG.
import type { CameraSnapshot } from './driver.ts';

const TIME = new Intl.DateTimeFormat('es-EC', {
  timeZone: 'America/Guayaquil',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Deterministic shades per camera, so each tile of the grid looks like its own view. */
function hue(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

export function simulatedSnapshot(camera: { post: string; name: string }, at = new Date()): CameraSnapshot {
  const h = hue(`${camera.post}/${camera.name}`);
  // The gate's bars move with the seconds: two frames a second apart differ.
  const offset = (at.getUTCSeconds() % 10) * 4;
  const bars = Array.from(
    { length: 9 },
    (_, i) => `<rect x="${150 + i * 40 + offset}" y="150" width="8" height="150" fill="hsl(${h},15%,70%)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${h},35%,28%)"/><stop offset="1" stop-color="hsl(${h},25%,12%)"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#sky)"/>
<rect y="300" width="640" height="60" fill="hsl(${h},10%,22%)"/>
<rect x="140" y="140" width="380" height="10" fill="hsl(${h},15%,70%)"/>${bars}
<rect x="0" y="0" width="640" height="34" fill="rgba(0,0,0,0.55)"/>
<text x="12" y="23" font-family="monospace" font-size="18" fill="#fff">${escapeXml(camera.post)} · ${escapeXml(camera.name)}</text>
<text x="628" y="350" font-family="monospace" font-size="18" fill="#fff" text-anchor="end">${escapeXml(TIME.format(at))}</text>
<circle cx="620" cy="17" r="6" fill="#e53935"/>
</svg>`;
  return { contentType: 'image/svg+xml', bytes: Buffer.from(svg), takenAt: at };
}
