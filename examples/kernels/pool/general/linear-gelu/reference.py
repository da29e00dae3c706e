# skillops example kernel task (KernelBench format): a linear layer, bias added separately, then tanh-GELU.
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) / math.sqrt(in_features))
        self.bias = nn.Parameter(torch.randn(out_features) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.matmul(x, self.weight.t())
        y = y + self.bias
        inner = math.sqrt(2.0 / math.pi) * (y + 0.044715 * torch.pow(y, 3))
        return 0.5 * y * (1.0 + torch.tanh(inner))


BATCH, IN_FEATURES, OUT_FEATURES = 128, 1024, 1024


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
