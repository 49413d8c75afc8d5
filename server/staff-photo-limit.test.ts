import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../core/media/image-pipeline.server.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

/** The request guard lets a photo of up to 20 MB through on the upload route only (STAFF_PHOTO_UPLOAD_LIMITS). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ siteUrl: "https://www.honda-group.example" });
});
afterAll(() => server.close());

function postMultipart(path: string, bytes: number) {
  const body = new FormData();
  body.set("intent", "upload");
  body.append("photos", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  return fetch(server.baseUrl + path, {
    method: "POST",
    body,
    headers: { Origin: "https://www.honda-group.example" },
    redirect: "manual",
  });
}

describe("the photo upload's body limit", () => {
  it("lets a 5 MB photo through to the upload route, and refuses it (413) on the vehicle's form route", async () => {
    const upload = await postMultipart("/staff/stock/1/photos", 5 * 1024 * 1024);
    // Past the request guard to the router, which on this server, without the pages, has no such route.
    expect([upload.status, await upload.text()]).toEqual([404, "404 Not Found"]);
    const form = await postMultipart("/staff/stock/1", 5 * 1024 * 1024);
    expect(form.status).toBe(413);
  });

  it("refuses a body larger than one 20 MB photo on the upload route too", async () => {
    const upload = await postMultipart("/staff/stock/1/photos", MAX_IMAGE_BYTES + 128 * 1024);
    expect(upload.status).toBe(413);
  });
});
