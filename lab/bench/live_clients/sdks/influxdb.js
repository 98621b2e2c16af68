// influxdb — InfluxData's official JavaScript client, @influxdata/influxdb-client (InfluxDB: a time-series database,
// here its managed InfluxDB Cloud; a shop records its storefront's events there and charts them): new InfluxDB({ url,
// token }) resolves to the package's browser build, which sends every call by fetch to the cloud region
// (us-east-1-1.aws.cloud2.influxdata.com) with the token in Authorization ("Token ..."); getWriteApi(org, bucket,
// "ms").writePoint(point) then close() is one POST of /api/v2/write?org=<org>&bucket=<bucket>&precision=ms (the points
// whole, line protocol), getQueryApi(org).collectRows(flux) a JSON POST of /api/v2/query?org=<org> (the Flux query
// whole), answered in annotated CSV. README (const writeApi = new InfluxDB({ url, token }).getWriteApi(org, bucket,
// 'ns'); writeApi.writePoint(new Point('temperature').tag('example', 'write.ts').floatField('value', 20 +
// Math.round(100 * Math.random()) / 10)); await writeApi.close()). The identify page records the signed-in
// customer's return request (their id as a tag; their name, e-mail and phone as string fields); the page view page
// records the page view (the page's path and the product's SKU) and queries the last hour's page views by path.
import { InfluxDB, Point, flux } from "@influxdata/influxdb-client";

const ORG = "example-shop";
const BUCKET = "storefront";
const influx = new InfluxDB({
  url: "https://us-east-1-1.aws.cloud2.influxdata.com",
  token: "Fq7Lm2Xk9Tr4Wz8Np3Hs6Dc1Bj5Ga0Ry2Ue8Io4Kp6Vn3Sm7Qw1Zt9Xc5Bh2Jd8Lf4Ng0Pa==",
  timeout: 10000,
});
const WRITE_OPTIONS = { maxRetries: 0, flushInterval: 0, batchSize: 100 };

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const writeApi = influx.getWriteApi(ORG, BUCKET, "ms", WRITE_OPTIONS);
  writeApi.writePoint(new Point("return_request")
    .tag("user_id", p.user_id)
    .tag("plan", p.plan)
    .stringField("customer_name", p.name)
    .stringField("email", p.email)
    .stringField("phone", p.phone)
    .stringField("order", "ORD-20418")
    .floatField("amount", 189)
    .timestamp(new Date()));
  await writeApi.close().catch(() => null);
  await settle(300);
}

export async function pageview() {
  const writeApi = influx.getWriteApi(ORG, BUCKET, "ms", WRITE_OPTIONS);
  writeApi.writePoint(new Point("page_view")
    .tag("path", "/products/winter-boots")
    .tag("sku", "BT-LW-039")
    .intField("count", 1)
    .timestamp(new Date()));
  await writeApi.close().catch(() => null);
  const query = flux`from(bucket: ${BUCKET})
  |> range(start: -1h)
  |> filter(fn: (r) => r._measurement == "page_view")
  |> group(columns: ["path"])
  |> count()`;
  await influx.getQueryApi(ORG).collectRows(query).catch(() => null);
  await settle(300);
}
