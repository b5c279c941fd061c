// CompareFaces (the catalogue's switch): at the exit, the guard sees the pictures the post's cameras took when the
// visitor came in beside what they show now, and compares the faces. The product has no face-matching engine (the
// biometrics terminals match on the device): the comparison is the guard's, with both pictures in front of them.
import { ApiError, ERROR_RESPONSES, type HostServices, IdParams, type PluginApp } from '@conjunto/core';
import { CompareFacesSchema } from '../camera-schemas.ts';
import { CAMERA_MESSAGES } from '../cameras.ts';
import { entryImages, postSnapshots } from './camera-capture.ts';
import { tags } from './common.ts';
import { visibleEntry } from './entry-routes.ts';

export function compareFacesRoutes(app: PluginApp, host: HostServices) {
  app.get(
    '/gate-entries/:id/compare',
    {
      // Who may register the exit may compare.
      config: { access: 'exit' },
      schema: {
        tags,
        summary:
          "CompareFaces: the entry's pictures and the pictures of now of its post's cameras (404 SWITCHED_OFF without the switch)",
        params: IdParams,
        response: { 200: CompareFacesSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!host.switchOn(request, 'CompareFaces')) throw new ApiError(404, 'SWITCHED_OFF', CAMERA_MESSAGES.compareOff);
      const entry = await visibleEntry(host, request);
      const [entered, now] = await Promise.all([
        entryImages(host, request, entry.id),
        entry.postId ? postSnapshots(host, request, entry.postId) : { takenAt: new Date().toISOString(), items: [] },
      ]);
      return { entered, now };
    },
  );
}
