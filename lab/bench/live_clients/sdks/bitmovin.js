// bitmovin-analytics — Bitmovin Analytics, video playback analytics: the collector's licence call and its
// impression samples to analytics-ingress-global.bitmovin.com.
// README "Integrating 3rd Party Players" (the HTMLVideoElementAdapter for a plain <video>) and the package's types
// (bitmovin-analytics.d.ts): new HTMLVideoElementAdapter({key, videoId, title, customUserId, customData1..}, video);
// the collector samples the player's states from then on. The product video's source is not served by the fake
// internet, so its start fails, and the collector reports that impression (with the user and custom data).
import { HTMLVideoElementAdapter } from "bitmovin-analytics";

function player() {
  const video = document.createElement("video");
  video.id = "product-video";
  video.muted = true;
  video.width = 640;
  video.height = 360;
  video.preload = "auto";
  document.body.appendChild(video);
  return video;
}

function start(extra) {
  const video = player();
  const adapter = new HTMLVideoElementAdapter({ key: "b7e3c9a1-4f2d-4e8b-9c6a-1d5f7e3b8a20", videoId: "sku-48213-demo",
                                                title: "Trail runner demo", ...extra }, video);
  video.src = "https://media.shop.example/videos/trail-runner-demo.mp4";
  video.play().catch(() => undefined);
  return adapter;
}

export async function identify(p) {
  start({ customUserId: p.user_id, customData1: p.name, customData2: p.email, customData3: p.phone,
          customData4: p.plan });
}

export async function pageview() {
  start({});
}
