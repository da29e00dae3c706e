# Crashing: tiles the input three columns at a time, which 256 x 1024 elements do not divide into.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        tiles = x.view(-1, 3)
        return torch.relu(tiles + 0.25).view_as(x)
