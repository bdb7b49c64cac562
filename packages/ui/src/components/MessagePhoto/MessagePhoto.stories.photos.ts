// Story support: pictures a family might send, drawn on a canvas (flat shapes only, so every run
// draws the same pixels) and encoded as PNG, as the chat's loader would get them from the server.

/** What the sample picture shows. */
export type SamplePhoto = 'worksheet' | 'drawing' | 'tall';

const sizes: Record<SamplePhoto, { width: number; height: number }> = {
  worksheet: { width: 480, height: 360 },
  drawing: { width: 480, height: 360 },
  tall: { width: 270, height: 480 },
};

function drawWorksheet(context: CanvasRenderingContext2D, width: number, height: number) {
  context.fillStyle = '#c9a27a';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#fdfdf8';
  context.fillRect(width * 0.15, height * 0.08, width * 0.7, height * 0.84);
  context.fillStyle = '#9db8e0';
  for (let line = 0; line < 8; line += 1) {
    context.fillRect(width * 0.2, height * (0.18 + line * 0.09), width * 0.6, 3);
  }
  context.fillStyle = '#2f7d46';
  context.fillRect(width * 0.68, height * 0.14, width * 0.1, height * 0.06);
}

function drawDrawing(context: CanvasRenderingContext2D, width: number, height: number) {
  context.fillStyle = '#cfe8fb';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#7cc27a';
  context.fillRect(0, height * 0.7, width, height * 0.3);
  context.fillStyle = '#f4c430';
  context.fillRect(width * 0.75, height * 0.08, width * 0.12, width * 0.12);
  context.fillStyle = '#d9534f';
  context.fillRect(width * 0.3, height * 0.4, width * 0.3, height * 0.32);
  context.fillStyle = '#8a4b2a';
  context.fillRect(width * 0.41, height * 0.55, width * 0.08, height * 0.17);
}

/** A PNG of the sample picture: the bytes GET /tutor/media/{id} would answer. */
export function samplePhoto(kind: SamplePhoto): Promise<Blob> {
  const { width, height } = sizes[kind];
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  if (kind === 'drawing') drawDrawing(context, width, height);
  else drawWorksheet(context, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no PNG'))),
      'image/png',
    ),
  );
}

/** A loader for MessageList and MessagePhoto stories: photo ids name the sample they show. */
export function loadSamplePhoto(photoId: string): Promise<Blob> {
  const kind: SamplePhoto = photoId.includes('drawing')
    ? 'drawing'
    : photoId.includes('tall')
      ? 'tall'
      : 'worksheet';
  return samplePhoto(kind);
}
