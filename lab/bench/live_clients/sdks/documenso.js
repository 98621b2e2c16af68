// @documenso/sdk-typescript — Documenso's official TypeScript SDK for its API v2 (Documenso: open-source e-signature,
// here its cloud at app.documenso.com; a shop has its customers sign a return authorisation for high-value items): new
// Documenso({ apiKey }) sends every call by fetch to app.documenso.com/api/v2 with the key in Authorization (a
// Speakeasy client); envelopes.use({ payload: { envelopeId, externalId, recipients, prefillFields, distributeDocument }
// }) is one multipart POST of /envelope/use (the payload as a JSON form field: the recipient's name and e-mail, the
// prefilled fields), envelope.envelopeFind() a GET of /envelope, folders.find() a GET of /folder. README (const
// documenso = new Documenso({ apiKey: process.env["DOCUMENSO_API_KEY"] ?? "" }); const result = await
// documenso.envelopes.create({ ... })). The identify page sends the signed-in customer the return authorisation from
// the shop's template (their name and e-mail as the signer, their phone and id prefilled, their id in the external id);
// the page view page lists the shop's templates and folders.
import { Documenso } from "@documenso/sdk-typescript";

const documenso = new Documenso({ apiKey: "api_k7q2m9x4v1b8t3r6n5w0c2z8" });
const TEMPLATE = "envelope_tmpl_4xKq9mV2bT7sR1nW";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await documenso.envelopes.use({
    payload: {
      envelopeId: TEMPLATE,
      externalId: `return-${p.user_id}`,
      recipients: [{ id: 3107, email: p.email, name: p.name, signingOrder: 1 }],
      distributeDocument: true,
      prefillFields: [
        { type: "text", id: 52811, label: "Phone", value: p.phone },
        { type: "text", id: 52812, label: "Customer ID", value: p.user_id },
        { type: "text", id: 52813, label: "Item", value: "Leather winter boots (size 39)" },
      ],
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await documenso.envelope.envelopeFind({ type: "TEMPLATE", perPage: 10 }).catch(() => null);
  await documenso.folders.find({}).catch(() => null);
  await settle(300);
}
