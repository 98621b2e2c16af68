// mux-embed — Mux Data video QoE analytics (<env key>.litix.io).
// docs "Monitor HTML5 Video Element": mux.monitor(videoElementOrSelector, {data: {env_key, player_name,
// player_init_time: mux.utils.now(), viewer_user_id, video_id, video_title, custom_1, ...}}); views are sent
// in batches and when the page is hidden. The docs ask for an anonymised viewer id, never an e-mail or name,
// so the identify page gives the user id (and the plan as a custom dimension) only.
import mux from "mux-embed";

function player() {
  const video = document.createElement("video");
  video.id = "product-video";
  video.muted = true;
  video.width = 640;
  video.height = 360;
  document.body.appendChild(video);
  return video;
}

function start(extra) {
  const initTime = mux.utils.now();
  const video = player();
  mux.monitor(video, {
    debug: false,
    data: { env_key: "k3v8q2m7rt5xw9zl4nb6yc1d0f", player_name: "Product page player", player_init_time: initTime,
            video_id: "sku-48213-demo", video_title: "Trail runner demo", ...extra },
  });
  return video;
}

export async function identify(p) {
  start({ viewer_user_id: p.user_id, custom_1: p.plan });
}

export async function pageview() {
  start({});
}
