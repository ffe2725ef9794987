import { createContext, useContext } from "react";

/** The per-request CSP nonce; set by entry.server, empty in the browser (where it is not needed). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
