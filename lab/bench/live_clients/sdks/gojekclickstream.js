// @gojek/clickstream-web — Gojek's Clickstream for the web: event ingestion of protobuf messages the app defines,
// batched (QoS1, kept in IndexedDB until acknowledged) or instant (QoS0), to a Raccoon collector the app runs
// (raccoon.shop.example), each batch a protobuf SendEventRequest answered by a SendEventResponse.
// README ("Usage", "Options"): new Clickstream({ network: { url, headers }, batch: { maxTimeBetweenTwoBatches } }),
// then clckstrm.track(payload) with an instance of a message from the app's generated proto code (here two messages in
// the shape pbjs' static code gives them: encode, decode, getTypeUrl).
import { Clickstream } from "@gojek/clickstream-web";
import * as $protobuf from "protobufjs/minimal";

const $Writer = $protobuf.Writer;
const $Reader = $protobuf.Reader;

// shop.events.UserSignedIn { event_name = 1; user_id = 2; name = 3; email = 4; plan = 5; page = 6; phone = 7; }
class UserSignedIn {
  constructor(p) {
    Object.assign(this, p);
  }

  static create(p) {
    return new UserSignedIn(p);
  }

  static encode(m, w) {
    if (!w) w = $Writer.create();
    if (m.eventName != null) w.uint32(10).string(m.eventName);
    if (m.userId != null) w.uint32(18).string(m.userId);
    if (m.name != null) w.uint32(26).string(m.name);
    if (m.email != null) w.uint32(34).string(m.email);
    if (m.plan != null) w.uint32(42).string(m.plan);
    if (m.page != null) w.uint32(50).string(m.page);
    if (m.phone != null) w.uint32(58).string(m.phone);
    return w;
  }

  static decode(r, l) {
    if (!(r instanceof $Reader)) r = $Reader.create(r);
    const end = l === undefined ? r.len : r.pos + l;
    const m = new UserSignedIn({});
    const keys = [null, "eventName", "userId", "name", "email", "plan", "page", "phone"];
    while (r.pos < end) {
      const tag = r.uint32();
      const key = keys[tag >>> 3];
      if (key) m[key] = r.string();
      else r.skipType(tag & 7);
    }
    return m;
  }

  static getTypeUrl(prefix = "type.googleapis.com") {
    return `${prefix}/shop.events.UserSignedIn`;
  }
}

// shop.events.PageViewed { event_name = 1; page = 2; product = 3; }
class PageViewed {
  constructor(p) {
    Object.assign(this, p);
  }

  static create(p) {
    return new PageViewed(p);
  }

  static encode(m, w) {
    if (!w) w = $Writer.create();
    if (m.eventName != null) w.uint32(10).string(m.eventName);
    if (m.page != null) w.uint32(18).string(m.page);
    if (m.product != null) w.uint32(26).string(m.product);
    return w;
  }

  static getTypeUrl(prefix = "type.googleapis.com") {
    return `${prefix}/shop.events.PageViewed`;
  }
}

let clckstrm = null;

function start() {
  if (!clckstrm) {
    clckstrm = new Clickstream({
      event: { group: "shop" },
      batch: { maxTimeBetweenTwoBatches: 1 },
      network: {
        url: new URL("https://raccoon.shop.example/api/v1/events"),
        headers: new Headers({ Authorization: "Basic c2hvcC13ZWI6OHFMM3ZOMnhLN21Q" }),
      },
    });
  }
  return clckstrm;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2500));
}

export async function identify(p) {
  await start().track(UserSignedIn.create({
    eventName: "user_signed_in", userId: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan,
    page: "account",
  })).catch(() => null);
  await settle();
}

export async function pageview() {
  await start().track(PageViewed.create({ eventName: "page_viewed", page: "product", product: "winter-boots" }))
    .catch(() => null);
  await settle();
}
