import { actionMatrix, realRecords } from "./access-matrix-kit";

// The action matrix (access-matrix-kit.ts): every intent of every action as every kind of user,
// the cases numbered 1 modulo 2 (the other half: access-actions-a.test.ts).
realRecords();
actionMatrix(1, 2);
