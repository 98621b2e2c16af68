"""Codecs: request body and URL query <-> `Payload` (DESIGN.md step 2). Filled in below."""
