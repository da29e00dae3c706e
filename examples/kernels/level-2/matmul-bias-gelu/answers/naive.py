# Correct and naive: the reference's matmul, bias add and GELU polynomial, one op at a time.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        # Same parameters, created in the same order, so the harness seeds them identically.
        self.weight = nn.Parameter(torch.randn(out_features, in_features) / math.sqrt(in_features))
        self.bias = nn.Parameter(torch.randn(out_features) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.matmul(x, self.weight.t())
        y = y + self.bias
        inner = math.sqrt(2.0 / math.pi) * (y + 0.044715 * torch.pow(y, 3))
        return 0.5 * y * (1.0 + torch.tanh(inner))
