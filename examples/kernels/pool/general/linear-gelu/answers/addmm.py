# A correct answer: the bias folded into one addmm, then the library's tanh-approximate GELU.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        # Created in the same order as the reference so the same seed gives the same parameters.
        self.weight = nn.Parameter(torch.randn(out_features, in_features) / math.sqrt(in_features))
        self.bias = nn.Parameter(torch.randn(out_features) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(torch.addmm(self.bias, x, self.weight.t()), approximate="tanh")
