import { actionMatrix, realRecords } from "./access-matrix-kit";

// The action matrix (access-matrix-kit.ts): every intent of every action as every kind of user,
// the cases numbered 0 modulo 2 (the other half: access-actions-b.test.ts).
realRecords();
actionMatrix(0, 2);
