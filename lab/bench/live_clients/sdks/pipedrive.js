// pipedrive — Pipedrive's official JavaScript SDK for its REST API (Pipedrive: sales CRM; a shop keeps its customers as
// Pipedrive persons and notes their requests for its sales team): each API class (PersonsApi, ProductsApi from
// "pipedrive/v2", NotesApi from "pipedrive/v1") sends every call through axios (here its fetch adapter, below) to
// api.pipedrive.com with the API token in x-api-token; PersonsApi.addPerson({ AddPersonRequest }) is one JSON POST
// of /api/v2/persons (name, emails, phones, custom fields), searchPersons({ term, fields }) a GET of
// /api/v2/persons/search with the term in the query string, NotesApi.addNote({ AddNoteRequest }) a JSON POST of
// /v1/notes, ProductsApi.getProducts() and searchProducts({ term }) GETs of /api/v2/products. README (const apiConfig =
// new Configuration({ apiKey: 'YOUR_API_TOKEN_HERE' }); const dealsApi = new DealsApi(apiConfig); await
// dealsApi.getDeals()). The identify page adds the signed-in customer as a person (name, e-mail, phone, their id and
// plan as custom fields), notes their return request on the person (naming them with their e-mail and phone) and
// searches the persons for their e-mail; the page view page lists the shop's products and searches them for winter
// boots.
import { Configuration, PersonsApi, ProductsApi } from "pipedrive/v2";
import { Configuration as ConfigurationV1, NotesApi } from "pipedrive/v1";

const TOKEN = "8f3c2a7e1b5d4a9f6c0e2b9d7a1c4e6f8b3d5a7c";

// The SDK's axios instances add a User-Agent header to every request, which a browser's XHR refuses with a console
// error ("Refused to set unsafe header"); the configuration's axios options (baseOptions, merged into every request)
// pick axios's fetch adapter, which sends the same requests without that error.
function configured(Ctor) {
  const config = new Ctor({ apiKey: TOKEN });
  config.baseOptions = { adapter: "fetch" };
  return config;
}

const persons = new PersonsApi(configured(Configuration));
const products = new ProductsApi(configured(Configuration));
const notes = new NotesApi(configured(ConfigurationV1));
// the custom fields' keys, as Pipedrive names them (40 hex digits each)
const CUSTOMER_ID_FIELD = "9c4b1e7f2a6d3c8e5b0f4a7d1e9c2b6f3a8d5e0c";
const PLAN_FIELD = "2e7a9c4f1b6d8e3a5c0f7b2d9e4a1c6f8b3e5d7a";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const added = await persons.addPerson({
    AddPersonRequest: {
      name: p.name,
      emails: [{ value: p.email, primary: true, label: "work" }],
      phones: [{ value: p.phone, primary: true, label: "mobile" }],
      custom_fields: { [CUSTOMER_ID_FIELD]: p.user_id, [PLAN_FIELD]: p.plan },
    },
  }).catch(() => null);
  const personId = added && added.data && added.data.id ? added.data.id : 1284;
  await notes.addNote({
    AddNoteRequest: {
      content: `Return request from ${p.name} (${p.email}, ${p.phone}): the leather winter boots are too small.`,
      person_id: personId,
    },
  }).catch(() => null);
  await persons.searchPersons({ term: p.email, fields: "email", exact_match: true }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await products.getProducts({ limit: 10 }).catch(() => null);
  await products.searchProducts({ term: "winter boots", limit: 5 }).catch(() => null);
  await settle(300);
}
