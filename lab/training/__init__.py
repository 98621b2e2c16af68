"""Training of the models the runtime ships; each writes its weights where `guardian` reads them."""
